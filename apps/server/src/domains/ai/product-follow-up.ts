import type { StoredProduct } from './product-match';
import { namedProducts, termsOf } from './product-match';
import { measureOf } from './product-measures';
import type { ProductQuestion } from './product-question';

/*
 * A follow-up that names no product ("How heavy is it?", "それはいくら？", "the green one",
 * "the cheaper one") is about a product of the thread's earlier messages: the most recently named
 * one, or among the named ones the one whose colour or size the question says, or the bigger,
 * cheaper, lighter one.
 */

/** Products named in earlier messages, the latest message's first, each once. */
function earlierProducts(earlier: string[], products: StoredProduct[]): StoredProduct[] {
  const found: StoredProduct[] = [];
  for (const message of [...earlier].reverse())
    for (const product of namedProducts(message, products)) if (!found.includes(product)) found.push(product);
  return found;
}

/** Values a product comes in (colours, sizes, any option or column), as terms. */
function valueTerms(product: StoredProduct): Set<string> {
  const { record } = product;
  const values = [...record.options.flatMap((option) => option.values), ...record.attributes.map((attribute) => attribute.value)];
  return new Set(termsOf(values.join(' , ')));
}

/** The earlier product the question points back at; null when it names none and points at none. */
export function productReferredTo(
  question: string,
  parsed: ProductQuestion,
  earlier: string[],
  products: StoredProduct[],
): StoredProduct | null {
  const candidates = earlierProducts(earlier, products);
  if (!candidates.length) return null;
  const comparative = parsed.comparative;
  if (comparative) {
    const measured = candidates.flatMap((product) => {
      const value = measureOf(product.record, comparative.measure);
      return value === null ? [] : [{ product, value }];
    });
    measured.sort((a, b) => (b.value - a.value) * comparative.direction);
    if (measured[0]) return measured[0].product;
  }
  const terms = termsOf(question);
  const byValue = candidates.filter((product) => {
    const values = valueTerms(product);
    return terms.some((term) => values.has(term));
  });
  if (byValue.length && byValue.length < candidates.length) return byValue[0] as StoredProduct;
  return candidates[0] as StoredProduct;
}
