import 'i18next';
import type { CityTwinResources } from './en-city-twin';
import type { EnglishResources } from './en';
import type { HomeResources } from './en-home';
import type { ServicesResources } from './en-services';
import type { WallResources } from './en-wall';
import type { WorkflowResources } from './en-workflow';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: EnglishResources;
      services: ServicesResources;
      cityTwin: CityTwinResources;
      workflow: WorkflowResources;
      wall: WallResources;
      home: HomeResources;
    };
  }
}
