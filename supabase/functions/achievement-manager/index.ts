// Deno entry for Supabase Edge Functions (`supabase functions deploy achievement-manager`). All behaviour is in
// handler.ts, which the sync-server also runs in Node. Deno's globals are declared here so that
// the app's TypeScript check (Node types) accepts this file too.
import handler from './handler.ts';

declare const Deno: {
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
  env: { get(name: string): string | undefined };
};

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

Deno.serve((req) =>
  handler(req, {
    supabaseUrl: required('SUPABASE_URL'),
    anonKey: required('SUPABASE_ANON_KEY'),
    serviceRoleKey: required('SUPABASE_SERVICE_ROLE_KEY'),
  }),
);
