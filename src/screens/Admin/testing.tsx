import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { messages as adminPt } from './locales/pt-BR/messages.po';
import { messages as adminEn } from './locales/en-US/messages.po';
import { renderOnline } from '../online/testing.tsx';
import { useToastStore } from '../../state/toast.ts';

/**
 * The admin sections' component tests' one set-up (never imported by the app): a section rendered
 * as the panel does, typing into a field, the toasts shown, and the clean slate after each test.
 */
export function showSection(ui: ReactElement, locale: 'pt-BR' | 'en-US' = 'pt-BR') {
  return renderOnline(ui, locale, { 'pt-BR': adminPt, 'en-US': adminEn });
}

/** Types into the field labelled `label` (preact/compat hears a field's onChange as 'input'). */
export function type(label: string | RegExp, value: string) {
  const field = screen.getByLabelText(label);
  fireEvent.input(field, { target: { value } });
  fireEvent.change(field, { target: { value } });
}

/** The toasts shown, each as "title description". */
export const toasts = () => useToastStore.getState().toasts.map((x) => `${x.title} ${x.description ?? ''}`.trim());

/** afterEach(resetSection): unmounts, forgets the mocks' calls and the toasts. */
export function resetSection() {
  cleanup();
  vi.clearAllMocks();
  useToastStore.setState({ toasts: [] });
}
