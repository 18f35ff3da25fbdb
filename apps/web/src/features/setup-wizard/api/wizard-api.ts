import type { WizardStartResponse } from '@aisle/contracts/setup-wizard';
import { WIZARD_NOT_STARTED } from '@aisle/contracts/setup-wizard';
import { graphql } from '@/graphql/graphql';
import { ApiError } from '@/lib/api-client';
import type { DataClient } from '@/lib/graphql-client';

/**
 * Spec §2 step 2: the start call with the bearer token; only its status is read: 200 or 201 starts.
 * Plain fetch rather than apiRequest, since any other status (even a 2xx) means "Setup Failed".
 */
export async function startWizardRequest(token: string): Promise<WizardStartResponse> {
  const response = await fetch('/api/wizard/start-process/', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    body: '{}',
  });
  if (response.status !== 200 && response.status !== 201) throw new ApiError(response.status, bodyOf(await response.text()));
  return (await response.json()) as WizardStartResponse;
}

/** A refusal's JSON body (`{detail, code, limit}` when the tier's wizard runs are used up), or its text. */
function bodyOf(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Why the start was refused, when the merchant can act on it: the tier's limit, in the server's words. */
export function startRefusalOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || typeof error.data !== 'object' || error.data === null) return null;
  const { code, detail } = error.data as { code?: unknown; detail?: unknown };
  return code === 'limit_reached' && typeof detail === 'string' ? detail : null;
}

/** Spec §7: counts this run against the tier. */
export async function incrementWizardUsageRequest(token: string): Promise<void> {
  const response = await fetch('/api/wizard/increment-usage/', {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: '{}',
  });
  if (!response.ok) throw new ApiError(response.status, await response.text());
}

const WizardSkipFields = graphql(`
  fragment WizardSkipFields on Wizard { id ownerEmail currentStep status completed }
`);

const SKIP_WIZARD = graphql(`mutation SkipWizard($input: UpdateWizardInput!) { updateWizard(input: $input) { ...WizardSkipFields } }`, [
  WizardSkipFields,
]);
const SKIP_NEW_WIZARD = graphql(
  `mutation SkipNewWizard($input: CreateWizardInput!) { createWizard(input: $input) { ...WizardSkipFields } }`,
  [WizardSkipFields],
);

/** Spec §4 "Skip": the record becomes completed; without one, one is created already completed. */
export async function skipWizard(client: DataClient, input: { ownerEmail: string; wizardId: string | null }) {
  if (input.wizardId) {
    await client.request(SKIP_WIZARD, { input: { id: input.wizardId, completed: true } });
    return;
  }
  await client.request(SKIP_NEW_WIZARD, { input: { ownerEmail: input.ownerEmail, currentStep: WIZARD_NOT_STARTED, completed: true } });
}
