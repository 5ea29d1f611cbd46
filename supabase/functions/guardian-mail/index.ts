// Deno entry for Supabase Edge Functions (`supabase functions deploy guardian-mail`). All behaviour
// is in handler.ts, which the sync-server also runs in Node (with its mailbox as the sender). Here
// the mail goes through the HTTP mail API named by the secrets MAIL_API_URL (default Resend's),
// MAIL_API_KEY, MAIL_FROM, and links open APP_URL (supabase/README.md, "Hosted deployment").
import handler from './handler.ts';
import { mailSettingsFromEnv } from '../_shared/mail.ts';

declare const Deno: {
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
  env: { get(name: string): string | undefined };
};

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const mail = mailSettingsFromEnv((name) => Deno.env.get(name));

Deno.serve((req) =>
  handler(req, {
    supabaseUrl: required('SUPABASE_URL'),
    anonKey: required('SUPABASE_ANON_KEY'),
    serviceRoleKey: required('SUPABASE_SERVICE_ROLE_KEY'),
    mail,
  }),
);
