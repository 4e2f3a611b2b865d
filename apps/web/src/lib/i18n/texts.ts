import type { EnglishResources } from './en';
import type { CityTwinResources } from './en-city-twin';
import type { HomeResources } from './en-home';
import type { LandingResources } from './en-landing';
import type { OpenDataResources } from './en-open-data';
import type { ReportsResources } from './en-reports';
import type { ServicesResources } from './en-services';
import type { SignedInResources } from './en-signed-in';
import type { WallResources } from './en-wall';
import type { WorkflowResources } from './en-workflow';

/**
 * A language's texts: English's keys, each with words of its own. The compiler refuses a key
 * missing or added; the parity test checks the plural forms and the {{variables}} of every text.
 */
type TextsOf<T> = { readonly [K in keyof T]: T[K] extends string ? string : TextsOf<T[K]> };

export type Translation = TextsOf<EnglishResources>;
export type SignedInTranslation = TextsOf<SignedInResources>;
export type ServicesTranslation = TextsOf<ServicesResources>;
export type CityTwinTranslation = TextsOf<CityTwinResources>;
export type WorkflowTranslation = TextsOf<WorkflowResources>;
export type WallTranslation = TextsOf<WallResources>;
export type HomeTranslation = TextsOf<HomeResources>;
export type ReportsTranslation = TextsOf<ReportsResources>;
export type LandingTranslation = TextsOf<LandingResources>;
export type OpenDataTranslation = TextsOf<OpenDataResources>;
