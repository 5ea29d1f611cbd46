import { afterEach, describe, expect, it, vi } from 'vitest';

const rpc = vi.hoisted(() => ({ answer: { data: null as unknown, error: null as unknown }, calls: [] as [string, unknown][] }));
vi.mock('../supabase.ts', () => ({
  getSupabase: () => ({
    rpc: async (name: string, args: unknown) => {
      rpc.calls.push([name, args]);
      return rpc.answer;
    },
  }),
}));

const { replyMailto, sendContactMessage, readContactInbox, InboxError } = await import('./contact.ts');

const draft = { name: ' Ana ', email: ' ana@example.com ', category: 'bug' as const, subject: ' Tela branca ', message: ' Oi \n' };

afterEach(() => {
  rpc.calls = [];
  rpc.answer = { data: null, error: null };
});

describe('sending a contact message', () => {
  it('sends the fields trimmed and answers the new id', async () => {
    rpc.answer = { data: 'id-1', error: null };
    expect(await sendContactMessage(draft)).toEqual({ ok: true, id: 'id-1' });
    expect(rpc.calls).toEqual([
      ['send_contact_message', { p_name: 'Ana', p_email: 'ana@example.com', p_category: 'bug', p_subject: 'Tela branca', p_message: 'Oi' }],
    ]);
  });

  it('says the server\'s refusals in codes: a burst with its wait, a field, anything else', async () => {
    rpc.answer = { data: null, error: { code: 'PT429', hint: 'too_many_messages', details: '290' } };
    expect(await sendContactMessage(draft)).toEqual({ ok: false, problem: 'too_many_messages', waitSeconds: 290 });
    rpc.answer = { data: null, error: { code: '22023', hint: 'email_invalid', details: null } };
    expect(await sendContactMessage(draft)).toEqual({ ok: false, problem: 'field', field: 'email', fieldProblem: 'invalid' });
    rpc.answer = { data: null, error: { code: '22023', hint: 'message_too_long', details: null } };
    expect(await sendContactMessage(draft)).toEqual({ ok: false, problem: 'field', field: 'message', fieldProblem: 'too_long' });
    rpc.answer = { data: null, error: { code: 'XX000', hint: null, details: null } };
    expect(await sendContactMessage(draft)).toEqual({ ok: false, problem: 'server' });
  });

  it('offline it tries nothing', async () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      expect(await sendContactMessage(draft)).toEqual({ ok: false, problem: 'offline' });
      expect(rpc.calls).toEqual([]);
    } finally {
      onLine.mockRestore();
    }
  });
});

describe('the inbox', () => {
  it('reads a page after the last message read; a refusal is not_allowed', async () => {
    rpc.answer = { data: { counts: { new: 0, answered: 0, closed: 0 }, messages: [] }, error: null };
    await readContactInbox('new', { created_at: '2026-11-28T10:00:00Z', id: 'm9' });
    expect(rpc.calls[0]).toEqual(['admin_contact_messages', { p_status: 'new', p_limit: 20, p_after_created_at: '2026-11-28T10:00:00Z', p_after_id: 'm9' }]);
    rpc.answer = { data: null, error: { code: '42501', hint: 'not_allowed', details: null } };
    await expect(readContactInbox(null)).rejects.toEqual(new InboxError('not_allowed'));
  });

  it('replies by e-mail with the subject quoted', () => {
    expect(replyMailto({ email: 'ana+x@example.com', subject: 'Tela & branca' }, 'Re:')).toBe('mailto:ana%2Bx@example.com?subject=Re%3A%20Tela%20%26%20branca');
  });
});
