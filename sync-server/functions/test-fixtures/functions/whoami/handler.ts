// Test fixture: tells who called, from the Authorization header the relay verified.
interface FunctionEnv {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

export default async function handler(req: Request, env: FunctionEnv): Promise<Response> {
  const token = (req.headers.get('authorization') ?? '').replace(/^Bearer\s+/i, '');
  const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8') || '{}');
  return Response.json({
    sub: payload.sub ?? null,
    role: payload.role ?? null,
    supabaseUrl: env.supabaseUrl,
    hasKeys: Boolean(env.anonKey && env.serviceRoleKey),
  });
}
