/** Spec §2 "Setup wizard screen" and §8 "Wizard": the texts, exactly. */
export const wizardTexts = {
  start: 'Start Setup Wizard',
  skipForNow: 'Skip for Now',
  initializing: 'Initializing wizard setup...',
  startFailedTitle: 'Setup Failed',
  startFailed:
    'We encountered an issue starting the automatic assistant creation. You can skip this wizard and set up your assistant manually later.',
  incompleteTitle: 'Setup Incomplete',
  incomplete:
    "The automatic assistant creation process encountered errors and couldn't complete. You can skip the wizard and set up your assistant manually from the dashboard.",
  skipWizard: 'Skip Wizard',
  complete: 'Complete',
  // Not given by the spec: the intro's own words, the processing row and the retry.
  introTitle: 'Set up your AI assistant',
  intro:
    'Aisle can build an assistant from your store: it imports your pages, blogs, products and theme colours, creates the assistant and adds it to your storefront. This usually takes 2-5 minutes.',
  processing: 'Processing...',
  tryAgain: 'Try Again',
} as const;
