// Test fixture: a handler that fails; the caller gets Supabase's WORKER_ERROR, the server survives.
export default async function handler(): Promise<Response> {
  throw new Error('boom');
}
