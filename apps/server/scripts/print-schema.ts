// Prints the SDL of /graphql (src/graphql/type-defs.ts, the schema the route builds) for the web
// app's typed operations: apps/web/src/graphql/schema.graphql, and from it the introspection types
// gql.tada reads (apps/web/src/graphql/graphql-env.d.ts, what `gql.tada generate output` writes).
// Run it after changing the SDL, and commit both files:
//   npx tsx apps/server/scripts/print-schema.ts
// `--print` writes nothing and prints both as JSON ({ sdl, env }): the web test
// (apps/web/src/graphql/schema-drift.test.ts) compares them with the committed files.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { minifyIntrospection, outputIntrospectionFile } from '@gql.tada/internal';
import { makeExecutableSchema } from '@graphql-tools/schema';
import { buildSchema, introspectionFromSchema, printSchema } from 'graphql';
import { typeDefs } from '../src/graphql/type-defs';

const outDir = new URL('../../web/src/graphql/', import.meta.url);

/** The SDL as printed by graphql-js, and the gql.tada introspection types of that SDL. */
export function schemaOutputs(): { sdl: string; env: string } {
  const sdl = `${printSchema(makeExecutableSchema({ typeDefs: typeDefs() }))}\n`;
  const introspection = introspectionFromSchema(buildSchema(sdl), { descriptions: false });
  const env = outputIntrospectionFile(minifyIntrospection(introspection), { fileType: '.d.ts', shouldPreprocess: true });
  return { sdl, env };
}

const outputs = schemaOutputs();
if (process.argv.includes('--print')) {
  process.stdout.write(JSON.stringify(outputs));
} else {
  writeFileSync(fileURLToPath(new URL('schema.graphql', outDir)), outputs.sdl);
  writeFileSync(fileURLToPath(new URL('graphql-env.d.ts', outDir)), outputs.env);
  console.log(`wrote schema.graphql and graphql-env.d.ts in ${fileURLToPath(outDir)}`);
}
