import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { messages as appEn } from '../../locale/locales/en-US/messages.po';
import { messages as notebooksEn } from './locales/en-US/messages.po';
import type { DataLayer } from '../../data/data-layer.ts';
import type { NotebookView } from '../../data/queries/notebook.ts';
import type { NotebookDoc } from '../../data/schemas/index.ts';
import { PaperPicker } from './look/AppearanceControls.tsx';
import { CollaborationPanel } from './sharing/CollaborationPanel.tsx';

/**
 * "Papel" is both a notebook's paper and a collaborator's role in Portuguese; English has two
 * words (QA J5: the paper picker on /en/notebook/{id}/edit was labelled "Role").
 */
afterEach(cleanup);

const wrap = (node: React.ReactNode) => render(<I18nProvider i18n={i18n}>{node}</I18nProvider>);

describe('one Portuguese word, two English ones', () => {
  it('the paper picker says "Paper" and the invitation\'s role says "Role"', () => {
    i18n.loadAndActivate({ locale: 'en-US', messages: { ...appEn, ...notebooksEn } });
    wrap(<PaperPicker value="kraft" onChange={() => {}} />);
    expect(screen.getByRole('group', { name: 'Paper' })).toBeTruthy();
    cleanup();
    const view = { notebook: { id: 'n1' } as NotebookDoc, role: 'owner', shares: [], collaborators: [] } as unknown as NotebookView;
    wrap(<CollaborationPanel layer={{} as DataLayer} view={view} profiles={undefined} />);
    expect(screen.getByRole('combobox', { name: 'Role' })).toBeTruthy();
  });
});
