import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSignOutHooks, onAfterSignOut, onBeforeSignOut, runAfterSignOut, runBeforeSignOut } from './lifecycle.ts';

const context = { userId: 'u1', reason: 'user' as const };

describe('sign-out lifecycle registries', () => {
  afterEach(clearSignOutHooks);

  it('runs the before-hooks in order and gathers every unsynced item', async () => {
    const calls: string[] = [];
    onBeforeSignOut(async () => {
      calls.push('push');
      return [{ id: 'a1', label: 'Minha resposta', kind: 'answer' }];
    });
    onBeforeSignOut(() => {
      calls.push('other');
    });
    onBeforeSignOut(() => [{ id: 'n1', label: 'Caderno da turma' }]);
    expect(await runBeforeSignOut(context)).toEqual([
      { id: 'a1', label: 'Minha resposta', kind: 'answer' },
      { id: 'n1', label: 'Caderno da turma' },
    ]);
    expect(calls).toEqual(['push', 'other']);
  });

  it('a failing hook does not stop the others', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const after = vi.fn();
    onBeforeSignOut(() => {
      throw new Error('push failed');
    });
    onBeforeSignOut(() => [{ id: 'x', label: 'x' }]);
    onAfterSignOut(() => Promise.reject(new Error('wipe failed')));
    onAfterSignOut(after);
    expect(await runBeforeSignOut(context)).toHaveLength(1);
    await runAfterSignOut(context);
    expect(after).toHaveBeenCalledWith(context);
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it('a hook can be unregistered', async () => {
    const hook = vi.fn();
    const remove = onAfterSignOut(hook);
    remove();
    await runAfterSignOut(context);
    expect(hook).not.toHaveBeenCalled();
  });
});
