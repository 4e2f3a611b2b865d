import { enWorkflow } from './en-workflow';
import { i18n } from './i18n';

// The alert workflow screens' texts travel with their own code rather than in every screen's first
// download: importing this module (as each of those screens does) adds them to i18next.
i18n.addResourceBundle('en', 'workflow', enWorkflow, true, true);

/** The namespaces an alert workflow screen reads: its own texts first, then the app's. */
export const WORKFLOW_NAMESPACES = ['workflow', 'translation', 'signedIn'] as const;
