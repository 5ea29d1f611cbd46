import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import type { DataLayer } from '../../../data/data-layer.ts';
import type { PersonFound } from '../../../data/repositories/invites.ts';
import type { NotebookShareDoc } from '../../../data/schemas/index.ts';
import { useToastStore } from '../../../state/toast.ts';
import { accessHolders } from '../../../data/repositories/sharing.ts';
import { PeopleWithAccess } from './PeopleWithAccess.tsx';

const bruno: PersonFound = { id: 'u-bruno', username: 'bruno_qa', display_name: null, avatar_url: null };
const carla: PersonFound = { id: 'u-carla', username: 'carla_qa', display_name: 'Carla', avatar_url: null };
const shareWith = (userId: string) => ({ id: `s-${userId}`, notebook_id: 'n1', shared_with: userId }) as NotebookShareDoc;

function fakeLayer() {
  const share = vi.fn(async (_notebookId: string, userId: string) => ({ ok: true as const, value: shareWith(userId) }));
  const searchPeople = vi.fn(async () => ({ ok: true as const, value: [bruno, carla] }));
  return { layer: { api: { sharing: { share, searchPeople, unshare: vi.fn() } } } as unknown as DataLayer, share };
}

function renderPeople(layer: DataLayer, shares: NotebookShareDoc[]) {
  return render(
    <I18nProvider i18n={i18n}>
      <PeopleWithAccess layer={layer} notebookId="n1" shares={shares} alreadyIn={accessHolders('u-owner', shares, [], false)} profiles={new Map()} online />
    </I18nProvider>,
  );
}

async function searchFor(text: string) {
  fireEvent.input(screen.getByLabelText('@usuário ou nome'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Buscar' }));
  return screen.findByRole('list', { name: 'Pessoas encontradas' });
}

beforeAll(() => i18n.loadAndActivate({ locale: 'pt-BR', messages: {} }));
beforeEach(() => useToastStore.setState({ toasts: [] }));
afterEach(cleanup);

describe('the share dialog’s person search', () => {
  // QA J10: a person with access was offered "Compartilhar", which then failed with "já tem acesso".
  it('shows a person who already has access as such, with no share button', async () => {
    const { layer } = fakeLayer();
    renderPeople(layer, [shareWith(carla.id)]);
    const results = await searchFor('qa');
    const rows = within(results).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]).getByText('Já tem acesso')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    expect(within(rows[0]).getByRole('button', { name: 'Compartilhar com @bruno_qa' })).toBeTruthy();
  });

  // QA J11 (the list said "Ninguém encontrado." right after sharing) and J12 (each button was just "Compartilhar").
  it('after sharing, keeps the results and marks the person as having access', async () => {
    const { layer, share } = fakeLayer();
    const { rerender } = renderPeople(layer, []);
    const results = await searchFor('bruno');
    fireEvent.click(within(results).getByRole('button', { name: 'Compartilhar com @bruno_qa' }));
    await vi.waitFor(() => expect(useToastStore.getState().toasts[0]).toMatchObject({ title: 'Caderno compartilhado' }));
    expect(share).toHaveBeenCalledWith('n1', bruno.id);
    // The live view now lists the share (written on this device at once).
    const shares = [shareWith(bruno.id)];
    rerender(
      <I18nProvider i18n={i18n}>
        <PeopleWithAccess layer={layer} notebookId="n1" shares={shares} alreadyIn={accessHolders('u-owner', shares, [], false)} profiles={new Map()} online />
      </I18nProvider>,
    );
    const list = screen.getByRole('list', { name: 'Pessoas encontradas' });
    expect(within(list).queryByText('Ninguém encontrado.')).toBeNull();
    const brunoRow = within(list).getByText('@bruno_qa').closest('li')!;
    expect(within(brunoRow).getByText('Já tem acesso')).toBeTruthy();
    expect(within(list).getByRole('button', { name: 'Compartilhar com \u2068Carla\u2069 (@carla_qa)' })).toBeTruthy();
  });
});
