/**
 * A realistic merchant function module of about 100 KB: many helpers that fetch from seven
 * services, loop and map. The rules check must accept it (a test) and do so quickly (a benchmark,
 * bench/function-check.ts: the goal is well under 50 ms of CPU on save).
 */
export function hundredKilobyteModule(): string {
  const helper = (i: number) => `
const URL_${i} = 'https://api${i % 7}.example.com/v1';
async function load${i}(id, variables) {
  const res = await fetch(\`\${URL_${i}}/items/\${id}\`, { headers: { Authorization: 'Bearer ' + variables.KEY } });
  if (!res.ok) throw new Error('failed ' + res.status);
  const data = await res.json();
  for (const item of data.items) { if (item.price > ${i}) console.log(item.title); }
  let tries = 0;
  while (tries++ < 3) { const r = await fetch(URL_${i} + '/retry'); if (r.ok) break; }
  return data.items.map((x) => ({ id: x.id, title: x.title, price: Number(x.price) * 1.${i % 10} }));
}
`;
  let code = '';
  for (let i = 0; code.length < 100_000; i++) code += helper(i);
  return `${code}export default async function (args, variables) {\nreturn load0(args.id, variables);\n}`;
}
