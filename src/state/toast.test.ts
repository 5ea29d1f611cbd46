import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, toast, toastWhenFree, useToastStore } from './toast.ts';

describe('toast store', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    useToastStore.getState().dismiss();
    useToastStore.getState().setDialogOpen(false);
  });
  afterEach(() => vi.useRealTimers());

  it('keeps one toast at a time: the newest replaces the previous', () => {
    toast({ title: 'Caderno criado!' });
    toast({ title: 'Erro ao criar caderno', description: 'Não foi possível criar o caderno', variant: 'destructive' });
    const { toasts } = useToastStore.getState();
    expect(toasts).toHaveLength(1);
    expect(toasts[0]).toMatchObject({ title: 'Erro ao criar caderno', variant: 'destructive' });
  });

  it('defaults to the normal variant', () => {
    toast({ title: 'Logout realizado' });
    expect(useToastStore.getState().toasts[0].variant).toBe('default');
  });

  it('dismisses itself after a while and can be dismissed by id', () => {
    const id = toast({ title: 'Pergunta adicionada' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);

    const second = toast({ title: 'Pergunta removida' });
    expect(second).not.toBe(id);
    useToastStore.getState().dismiss(second);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('a replaced toast does not dismiss its successor when its timer fires', () => {
    toast({ title: 'first' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 10);
    toast({ title: 'second' });
    vi.advanceTimersByTime(20);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['second']);
  });

  it('news that waits its turn never replaces the answer to an action, and shows when the screen is free', () => {
    toast({ title: 'Alterações salvas' });
    toastWhenFree({ title: 'Nova conquista: Primeira visita' });
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Alterações salvas']);
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Nova conquista: Primeira visita']);
    // the next action's answer still replaces it at once
    toast({ title: 'Pergunta adicionada' });
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Pergunta adicionada']);
  });

  it('on a free screen the news shows at once; dismissing everything drops what waits', () => {
    toastWhenFree({ title: 'Nova conquista: Primeiro caderno' });
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Nova conquista: Primeiro caderno']);
    toastWhenFree({ title: 'Nova conquista: Explorador' });
    useToastStore.getState().dismiss();
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });

  it('news waits while a dialog is open (it would grow the dialog and move its buttons) and shows when it closes', () => {
    useToastStore.getState().setDialogOpen(true);
    toastWhenFree({ title: 'Nova conquista: Primeira foto' });
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(useToastStore.getState().toasts).toHaveLength(0);
    // the dialog's own answer still shows in it
    toast({ title: 'Erro ao enviar imagem' });
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    expect(useToastStore.getState().toasts).toHaveLength(0);
    useToastStore.getState().setDialogOpen(false);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Nova conquista: Primeira foto']);
  });

  it('news on screen when a dialog opens goes back to wait, and shows again whole when it closes; an action\'s answer stays', () => {
    toastWhenFree({ title: 'Nova conquista: Primeira visita' });
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1000);
    useToastStore.getState().setDialogOpen(true);
    expect(useToastStore.getState().toasts).toHaveLength(0);
    vi.advanceTimersByTime(TOAST_DURATION_MS);
    useToastStore.getState().setDialogOpen(false);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Nova conquista: Primeira visita']);
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1000);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1000);
    expect(useToastStore.getState().toasts).toHaveLength(0);

    toast({ title: 'Alterações salvas' });
    useToastStore.getState().setDialogOpen(true);
    expect(useToastStore.getState().toasts.map((t) => t.title)).toEqual(['Alterações salvas']);
  });
});
