import { useId, useState } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import { AdminImageError, checkAdminImage, publicImageAddress, uploadAdminImage, type AdminImageProblem } from '../../data/online/admin-images.ts';
import { toast } from '../../state/toast.ts';
import { SAVE_ERROR_TITLE } from './admin-messages.ts';
import * as css from './admin.css.ts';

export const IMAGE_PROBLEMS: Record<AdminImageProblem, MessageDescriptor> = {
  offline: msg`Você está sem internet. Conecte-se para enviar a imagem.`,
  not_allowed: msg`Apenas administradores podem fazer isso.`,
  invalid_file: msg`Escolha uma imagem PNG, JPG ou WebP.`,
  too_large: msg`A imagem pode ter até 5 MB.`,
  upload_timeout: msg`O envio da imagem demorou demais. Tente de novo.`,
  upload_failed: msg`Não foi possível enviar a imagem. Tente de novo.`,
};

/**
 * A picture of the store's catalogue (issue 35): chosen from the device, checked as the profile
 * images are (PNG / JPG / WebP, 5 MB) before anything is sent, uploaded to the bucket
 * store-images; `onChange` gets what the row keeps (`keep` of the file's key: its public address
 * by default; null: taken away), `src` shows it.
 */
export function StoreImageField({
  label,
  value,
  onChange,
  disabled,
  testId,
  keep = (key) => publicImageAddress('store-images', key),
  src = (kept) => kept,
}: {
  label: string;
  value: string | null;
  onChange: (kept: string | null) => void;
  disabled?: boolean;
  testId: string;
  keep?: (key: string) => string;
  src?: (kept: string) => string;
}) {
  const { i18n } = useLingui();
  const id = useId();
  const [uploading, setUploading] = useState(false);
  const failed = (problem: AdminImageProblem) => toast({ title: i18n._(SAVE_ERROR_TITLE), description: i18n._(IMAGE_PROBLEMS[problem]), variant: 'destructive' });

  async function pick(file: File | undefined) {
    if (!file) return;
    const problem = checkAdminImage(file);
    if (problem) return failed(problem);
    setUploading(true);
    try {
      onChange(keep(await uploadAdminImage('store-images', file)));
    } catch (error) {
      failed(error instanceof AdminImageError ? error.problem : 'upload_failed');
    } finally {
      setUploading(false);
    }
  }

  return (
    <div className={f.field}>
      <label htmlFor={id} className={f.label}>
        {label}
      </label>
      <input id={id} type="file" className={f.input} accept="image/png,image/jpeg,image/webp" disabled={disabled || uploading} onChange={(event) => void pick(event.currentTarget.files?.[0])} />
      <p className={f.hint}>
        <Trans>PNG, JPG ou WebP, até 5 MB.</Trans>
      </p>
      {uploading ? (
        <p className={css.muted} role="status">
          <Trans>Enviando a imagem…</Trans>
        </p>
      ) : null}
      {value ? (
        <>
          <img src={src(value)} alt="" style={{ maxWidth: '100%', height: 'auto' }} data-testid={testId} />
          <button type="button" className={button.secondary} onClick={() => onChange(null)}>
            <Trans>Tirar a imagem</Trans>
          </button>
        </>
      ) : null}
    </div>
  );
}
