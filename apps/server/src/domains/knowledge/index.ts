/**
 * The public entry point of `domains/knowledge`: what other domains, transports and tests may use.
 * Anything not exported here is the domain's own (the dependency rule in .dependency-cruiser.cjs).
 */
export { addTextDocument } from './add-text-document';
export { passageSnippet } from './citations/passage-snippet';
export { sourceTitle } from './citations/source-title';
export { embedFile, embedFileJob, hybridAvailable, queueMissingEmbeddings } from './embeddings/embedding-queue';
export { ingestFile } from './ingest-file';
export { ingestFileJob, resumeIngestion, resumeReterming, retermFile, retermFileJob } from './ingestion-queue';
export type { KnowledgeContext } from './knowledge-context';
export { createKnowledgeContext } from './knowledge-context';
export { knowledgeModels } from './knowledge-models';
export { knowledgeRoutes } from './knowledge-routes';
export { listStoreProducts } from './list-store-products';
export { createStore, deleteStore } from './manage-stores';
export { chunkBlocks, HEADING_PATH_SEPARATOR } from './parsing/chunk-blocks';
export { attributeKindOf } from './parsing/formats/column-names';
export { productFacts } from './parsing/formats/product-facts';
export { formatPrice, formatWeight, labelOf, priceText } from './parsing/formats/product-passage';
export { compareDecimal, parseMoney } from './parsing/formats/product-values';
export { parseDocument } from './parsing/parse-document';
export { closeDocumentParser } from './parsing/parse-in-worker';
export { replaceListedProduct } from './replace-listed-product';
export { searchKnowledge } from './retrieval/hybrid-search';
export { withKanji } from './retrieval/languages/kana-readings';
export type { QueryWord } from './retrieval/lexicon/expand-query';
export { expandQuery, GENERIC, withCompounds } from './retrieval/lexicon/expand-query';
export { INTENT_WEIGHT, intentPhrases, intentWords } from './retrieval/lexicon/intents';
export { closestTerm } from './retrieval/spelling';
export { CHARACTER_PREFIX, termsOf } from './retrieval/tokenize';
export { findStoreFile, saveGeneratedFile } from './save-generated-file';
