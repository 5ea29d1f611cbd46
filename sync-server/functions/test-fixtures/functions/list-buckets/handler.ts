// Test fixture: uses env as an Edge Function uses Deno.env — its own supabase-js client with the
// service role key, calling back into the same server.
import { createClient } from '@supabase/supabase-js';

interface FunctionEnv {
  supabaseUrl: string;
  anonKey: string;
  serviceRoleKey: string;
}

export default async function handler(_req: Request, env: FunctionEnv): Promise<Response> {
  const admin = createClient(env.supabaseUrl, env.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false },
  });
  const { data, error } = await admin.storage.listBuckets();
  if (error) return Response.json({ error: error.message }, { status: 502 });
  return Response.json({ buckets: data.map((b) => b.id) });
}
