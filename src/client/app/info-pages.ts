// The small public pages in one chunk: one lazy import in the first chunk's route table instead
// of three (each import's list of dependencies costs bytes there, and the 100 KB budget is full).
export { DownloadsPage } from '../features/downloads/pages/downloads-page';
export { PrivacyPolicyPage } from '../features/legal/pages/privacy-policy-page';
export { TermsOfServicePage } from '../features/legal/pages/terms-of-service-page';
