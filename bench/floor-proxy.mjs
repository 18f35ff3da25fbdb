// The floor (issue 34): a bare node:http proxy to the same fake model. It takes a chat message,
// asks the model for a streamed answer and passes every piece on as a server-sent `token` event,
// with no database, no accounts, no prompt. Run as `node floor-proxy.mjs <model base URL> <key>`;
// prints its port.
import http from 'node:http';

const [base, key] = process.argv.slice(2);
const server = http.createServer(async (req, res) => {
  let body = '';
  for await (const chunk of req) body += chunk;
  const { content } = JSON.parse(body);
  const upstream = await fetch(`${base}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream: true, messages: [{ role: 'user', content }] }),
  });
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const decoder = new TextDecoder();
  let pending = '';
  for await (const chunk of upstream.body) {
    pending += decoder.decode(chunk, { stream: true });
    const lines = pending.split('\n');
    pending = lines.pop();
    for (const line of lines) {
      if (!line.startsWith('data: {')) continue;
      const text = JSON.parse(line.slice(6)).choices?.[0]?.delta?.content;
      if (text) res.write(`event: token\ndata: ${JSON.stringify({ text })}\n\n`);
    }
  }
  res.end('event: done\ndata: {}\n\n');
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
