import 'i18next';
import type { CityTwinResources } from './en-city-twin';
import type { EnglishResources } from './en';
import type { HomeResources } from './en-home';
import type { ServicesResources } from './en-services';
import type { WorkflowResources } from './en-workflow';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: EnglishResources;
      services: ServicesResources;
      cityTwin: CityTwinResources;
      workflow: WorkflowResources;
      home: HomeResources;
    };
  }
}
