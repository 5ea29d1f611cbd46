// Test fixture: echoes what the function received, as a client would want to check it.
export default async function handler(req: Request): Promise<Response> {
  const url = new URL(req.url);
  const text = req.method === 'GET' || req.method === 'HEAD' ? '' : await req.text();
  let body: unknown = text;
  if ((req.headers.get('content-type') ?? '').startsWith('application/json') && text) body = JSON.parse(text);
  return Response.json({
    method: req.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body,
    custom: req.headers.get('x-custom'),
  });
}
