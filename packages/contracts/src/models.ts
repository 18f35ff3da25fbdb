import { z } from 'zod';

/** `GET /api/models/`: the models assistants can use on this installation, with USD prices. */
export const modelOptionSchema = z.object({
  /** `provider:model`, e.g. `openai:gpt-4.1-mini` or `local:extractive`. */
  id: z.string(),
  provider: z.enum(['openai', 'anthropic', 'local']),
  name: z.string(),
  pricing: z.object({
    inputPerMillion: z.number(),
    outputPerMillion: z.number(),
    cachedInputPerMillion: z.number(),
    /** The date of the pricing table. */
    asOf: z.string(),
    /** False for a model the table does not know (a self-hosted one): it is charged 0. */
    priced: z.boolean(),
  }),
  /** The model of assistants that name none. */
  default: z.boolean(),
});
export type ModelOption = z.infer<typeof modelOptionSchema>;

export const modelsResponseSchema = z.object({ models: z.array(modelOptionSchema) });
export type ModelsResponse = z.infer<typeof modelsResponseSchema>;
