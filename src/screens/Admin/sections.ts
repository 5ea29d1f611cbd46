import type { ComponentType, LazyExoticComponent } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { lazyPart } from '../../components/lazy-part.ts';

/**
 * The sections of /admin (issue 33; spec §2, §6), in the order the panel shows them: a tab row at
 * 360 px, a side navigation on a laptop. Each section is its own chunk (`lazyPart`: loaded the
 * first time it opens, retried until it arrives) and gets its own Lingui catalog area's texts
 * (src/screens/Admin/** is the 'admin' area). `id` is the address: /admin?tab=<id>.
 *
 * A later section (catalogue, store, analytics …) is one more line here and its own folder —
 * nothing else in the shell changes. Online-only: the shell wraps every section in OnlineData
 * (TanStack Query), each section reads with the hooks of src/screens/online/hooks/admin.ts.
 */
export interface AdminSection {
  id: string;
  label: MessageDescriptor;
  component: LazyExoticComponent<ComponentType>;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { id: 'reports', label: msg`Denúncias`, component: lazyPart(() => import('./reports/ReportsSection.tsx')) },
  { id: 'users', label: msg`Usuários`, component: lazyPart(() => import('./users/UsersSection.tsx')) },
  { id: 'words', label: msg`Palavras proibidas`, component: lazyPart(() => import('./words/ForbiddenWordsSection.tsx')) },
  { id: 'audit', label: msg`Registro de ações`, component: lazyPart(() => import('./audit/AuditSection.tsx')) },
  { id: 'contact', label: msg`Mensagens de contato`, component: lazyPart(() => import('./contact/ContactSection.tsx')) },
  { id: 'catalogue', label: msg`Catálogo da loja`, component: lazyPart(() => import('./catalogue/CatalogueSection.tsx')) },
  { id: 'papers', label: msg`Estilos de papel`, component: lazyPart(() => import('./papers/PaperStylesSection.tsx')) },
  { id: 'covers', label: msg`Estilos de capa`, component: lazyPart(() => import('./covers/CoverStylesSection.tsx')) },
  { id: 'themes', label: msg`Temas`, component: lazyPart(() => import('./themes/ThemesSection.tsx')) },
  { id: 'achievements', label: msg`Conquistas`, component: lazyPart(() => import('./achievements/AchievementsSection.tsx')) },
  { id: 'faq', label: msg`Perguntas frequentes`, component: lazyPart(() => import('./faq/FaqSection.tsx')) },
  { id: 'translations', label: msg`Traduções`, component: lazyPart(() => import('./translations/TranslationsSection.tsx')) },
  { id: 'analytics', label: msg`Estatísticas`, component: lazyPart(() => import('./analytics/AnalyticsSection.tsx')) },
  { id: 'stickers', label: msg`Adesivos`, component: lazyPart(() => import('./stickers/StickersSection.tsx')) },
];
