import 'i18next';
import type { CityTwinResources } from './en-city-twin';
import type { EnglishResources } from './en';
import type { HomeResources } from './en-home';
import type { LandingResources } from './en-landing';
import type { OpenDataResources } from './en-open-data';
import type { ReportsResources } from './en-reports';
import type { ServicesResources } from './en-services';
import type { SignedInResources } from './en-signed-in';
import type { WallResources } from './en-wall';
import type { WorkflowResources } from './en-workflow';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The signed-in screens' texts: a key missing from the main namespace is looked up there.
    fallbackNS: 'signedIn';
    resources: {
      translation: EnglishResources;
      signedIn: SignedInResources;
      services: ServicesResources;
      cityTwin: CityTwinResources;
      workflow: WorkflowResources;
      wall: WallResources;
      home: HomeResources;
      reports: ReportsResources;
      landing: LandingResources;
      openData: OpenDataResources;
    };
  }
}
