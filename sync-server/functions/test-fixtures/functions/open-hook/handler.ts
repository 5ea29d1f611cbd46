// Test fixture: a webhook-style function with verify_jwt = false in config.toml.
export default async function handler(): Promise<Response> {
  return new Response('hook ok', { headers: { 'content-type': 'text/plain' } });
}
