import { z } from 'zod';

/**
 * The parts of Shopify's webhook bodies we read (REST-shaped JSON; Shopify documents each topic's
 * payload). Everything else in a body is ignored, and a body without these parts is a no-op.
 */
const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);
const optionalText = z
  .string()
  .max(1000)
  .nullish()
  .transform((value) => value?.trim() || null);

/** customers/redact and customers/data_request. */
export const customerPrivacyPayload = z.object({
  customer: z.object({ id: id.optional(), email: optionalText, phone: optionalText }).default({ email: null, phone: null }),
  orders_to_redact: z.array(id).max(10_000).optional(),
  orders_requested: z.array(id).max(10_000).optional(),
  data_request: z.object({ id: id.optional() }).nullish(),
});
export type CustomerPrivacyPayload = z.infer<typeof customerPrivacyPayload>;

/** products/create, products/update, products/delete. */
export const productPayload = z.object({ id });

/** orders/create. */
export const orderPayload = z.object({
  id,
  name: optionalText,
  email: optionalText,
  contact_email: optionalText,
  customer: z.object({ email: optionalText }).nullish(),
  total_price: z.string().max(40).nullish(),
  currency: z.string().max(10).nullish(),
  created_at: z.string().max(40).nullish(),
  note: z.string().max(10_000).nullish(),
  note_attributes: z
    .array(z.object({ name: z.string().max(500), value: z.unknown() }))
    .max(500)
    .nullish(),
});
export type OrderPayload = z.infer<typeof orderPayload>;
