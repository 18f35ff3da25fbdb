import { z } from 'zod';

/**
 * The "Get started" checklist on /account: a new merchant's real progress, in the order they go.
 * Each step is done when the data says so (nothing is ticked by hand).
 */
export const GET_STARTED_STEPS = ['store', 'files', 'assistant', 'tried', 'tested', 'shared', 'channel'] as const;
export type GetStartedStep = (typeof GET_STARTED_STEPS)[number];

export const getStartedResponseSchema = z.object({
  /** store: a knowledge store exists; files: a file in one is ready; assistant: one exists; tried: the owner asked one in Chat; tested: an assistant's test suite ran to the end once; shared: a share link is on; channel: a messaging channel is connected. */
  steps: z.object(Object.fromEntries(GET_STARTED_STEPS.map((step) => [step, z.boolean()])) as Record<GetStartedStep, z.ZodBoolean>),
  complete: z.boolean(),
});
export type GetStartedResponse = z.infer<typeof getStartedResponseSchema>;
