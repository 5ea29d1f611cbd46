/** The defaults a new notebook starts with (Settings → notebooks), from my settings on the device. */
import { Observable, map } from 'rxjs';
import type { DataContext } from '../repositories/context.ts';
import { DEFAULT_AUTHOR } from '../repositories/notebooks.ts';
import { all$ } from './common.ts';

export interface NotebookDefaults {
  theme: string;
  preModeration: boolean;
  /** The author label, DEFAULT_AUTHOR ('Usuário', spec §9) when none is set. */
  author: string;
}

export const SPEC_NOTEBOOK_DEFAULTS: NotebookDefaults = { theme: 'purple', preModeration: false, author: DEFAULT_AUTHOR };

export function notebookDefaults$(ctx: DataContext): Observable<NotebookDefaults> {
  return all$(ctx, 'user_settings', { user_id: ctx.userId }).pipe(
    map(([settings]) => ({
      theme: settings?.notebook_theme || SPEC_NOTEBOOK_DEFAULTS.theme,
      preModeration: settings?.notebook_pre_moderation ?? SPEC_NOTEBOOK_DEFAULTS.preModeration,
      author: settings?.notebook_author?.trim() || SPEC_NOTEBOOK_DEFAULTS.author,
    })),
  );
}
