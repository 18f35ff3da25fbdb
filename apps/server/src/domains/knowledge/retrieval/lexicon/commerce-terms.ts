/**
 * Words shoppers and shops use for the same thing, which a general dictionary does not connect
 * (WordNet has no "money back" for "refund", nor "open" for "hours"). Written for this product,
 * each group a set of interchangeable words or phrases; a query naming one finds the others at a
 * weight below its own words (expand-query.ts).
 */
export const COMMERCE_TERM_GROUPS: string[][] = [
  ['shipping', 'delivery', 'shipment', 'ship', 'deliver', 'postage', 'dispatch', 'arrive'],
  ['refund', 'money back', 'reimburse', 'reimbursement', 'repayment'],
  ['return', 'send back', 'bring back'],
  ['exchange', 'swap', 'replace', 'replacement'],
  ['hours', 'open', 'opening', 'close', 'closing', 'closed'],
  ['price', 'cost', 'how much', 'pay', 'charge', 'fee'],
  ['cheap', 'cheapest', 'inexpensive', 'affordable', 'budget', 'price'],
  ['cancel', 'cancellation'],
  ['size', 'sizing', 'fit'],
  ['colour', 'color', 'colors', 'colours'],
  ['warranty', 'guarantee', 'defect', 'defective'],
  ['broken', 'damaged', 'torn', 'ripped', 'defective', 'faulty'],
  ['discount', 'coupon', 'promo', 'promotion', 'voucher', 'promo code', 'off'],
  ['order', 'purchase', 'bought'],
  ['address', 'location', 'located', 'find you', 'visit'],
  ['phone', 'call', 'telephone', 'ring'],
  ['email', 'e-mail', 'write'],
  ['contact', 'reach', 'customer service', 'support', 'help'],
  ['stock', 'available', 'availability', 'inventory', 'sold out'],
  ['gift card', 'voucher', 'gift certificate'],
  ['weight', 'weigh', 'heavy', 'light', 'lightest', 'heaviest'],
  ['wholesale', 'bulk'],
  ['international', 'abroad', 'overseas', 'worldwide', 'countries'],
  ['rent', 'rental', 'hire', 'borrow'],
  ['subscription', 'subscribe', 'subscriber'],
  // "How long…" is answered in days, weeks or months ("within 30 days of delivery").
  ['how long', 'days', 'weeks', 'months', 'years'],
];
