import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import Cropper from 'react-easy-crop';
import { Trans, useLingui } from '@lingui/react/macro';
import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import * as dialogCss from '../../components/dialog.css.ts';
import * as f from '../../components/form.css.ts';
import { button } from '../../components/ui.css.ts';
import { useOnline } from '../../components/frame/useOnline.ts';
import {
  IMAGE_RULES,
  IMAGE_TYPES,
  checkImageFile,
  checkImageSize,
  type ImageProblem,
  type ProfileImageKind,
} from '../../data/online/profile-images.ts';
import { renderCrop, type CropArea } from './image-crop.ts';
import * as css from './ImagePicker.css.ts';

/** The spec's avatar and cover errors (§8) in this area's words. */
export function imageProblemMessage(i18n: I18n, kind: ProfileImageKind, problem: ImageProblem): string {
  const { minWidth, minHeight } = IMAGE_RULES[kind];
  switch (problem) {
    case 'invalid_file':
      return i18n._(msg`Arquivo inválido. Escolha uma imagem JPG, PNG ou WebP.`);
    case 'too_large':
      return i18n._(msg`Arquivo muito grande. Escolha uma imagem de até 25 MB.`);
    case 'read_error':
      return i18n._(msg`Não foi possível ler a imagem. Tente outra.`);
    case 'low_resolution':
      return i18n._(msg`Imagem com resolução baixa. Ela precisa ter pelo menos ${minWidth}x${minHeight} pixels.`);
    case 'processing':
      return i18n._(msg`Não foi possível preparar a imagem. Tente outra.`);
    case 'upload_timeout':
      return i18n._(msg`O envio demorou demais. Tente de novo com uma conexão melhor.`);
    case 'upload_failed':
      return i18n._(msg`Não foi possível enviar a imagem. Tente de novo.`);
    case 'network':
      return i18n._(msg`Erro de rede. Verifique sua conexão e tente de novo.`);
  }
}

interface Chosen {
  bitmap: ImageBitmap;
  url: string;
}

/**
 * Choose a picture, check it (type, size, pixels: spec §5), crop it in a dialog, and hand the
 * made file to `onImage` (which uploads it). Problems are said under the button, in words.
 */
export function ImagePicker({
  kind,
  label,
  onImage,
}: {
  kind: ProfileImageKind;
  label: string;
  /** Sends the made file; resolves to the problem, or null when it was saved. */
  onImage: (blob: Blob) => Promise<ImageProblem | null>;
}) {
  const { i18n } = useLingui();
  const online = useOnline();
  const hintId = useId();
  const errorId = useId();
  const [problem, setProblem] = useState<ImageProblem | null>(null);
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);

  async function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setProblem(null);
    const fileProblem = checkImageFile(file);
    if (fileProblem) return setProblem(fileProblem);
    let bitmap: ImageBitmap;
    try {
      bitmap = await createImageBitmap(file);
    } catch {
      return setProblem('read_error');
    }
    const sizeProblem = checkImageSize(kind, bitmap.width, bitmap.height);
    if (sizeProblem) {
      bitmap.close();
      return setProblem(sizeProblem);
    }
    setChosen({ bitmap, url: URL.createObjectURL(file) });
  }

  function close() {
    if (chosen) {
      URL.revokeObjectURL(chosen.url);
      chosen.bitmap.close();
    }
    setChosen(null);
    chooseButton.current?.focus();
  }

  return (
    <div className={f.field}>
      {/* The browser's own file control says "Choose File / No file chosen" in the browser's
          language and is cut off on a 360 px phone: a real button of the app's opens it instead.
          The input stays in the page (hidden) for the files; the button is what keyboards and
          screen readers meet, described by the picture's rules and its problem. */}
      <span className={f.label}>{label}</span>
      <input
        ref={input}
        type="file"
        hidden
        aria-label={label}
        accept={IMAGE_TYPES.join(',')}
        onChange={(e) => void choose(e)}
        disabled={!online}
      />
      <button
        ref={chooseButton}
        type="button"
        className={`${button.secondary} ${css.chooseButton}`}
        onClick={() => input.current?.click()}
        disabled={!online}
        aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
        aria-invalid={problem ? true : undefined}
      >
        {kind === 'avatar' ? <Trans>Escolher foto</Trans> : <Trans>Escolher capa</Trans>}
      </button>
      <p id={hintId} className={f.hint}>
        {kind === 'avatar' ? (
          <Trans>JPG, PNG ou WebP, com pelo menos 150x150 pixels.</Trans>
        ) : (
          <Trans>JPG, PNG ou WebP, com pelo menos 600x200 pixels (o ideal é 1200x400).</Trans>
        )}
      </p>
      {problem && (
        <p id={errorId} className={f.error} role="alert" data-testid={`${kind}-problem`}>
          {imageProblemMessage(i18n, kind, problem)}
        </p>
      )}
      {chosen && (
        <CropDialog
          kind={kind}
          chosen={chosen}
          onCancel={close}
          onDone={async (blob) => {
            setProblem(await onImage(blob));
            close();
          }}
          onProblem={(p) => {
            setProblem(p);
            close();
          }}
        />
      )}
    </div>
  );
}

function CropDialog({
  kind,
  chosen,
  onCancel,
  onDone,
  onProblem,
}: {
  kind: ProfileImageKind;
  chosen: Chosen;
  onCancel: () => void;
  onDone: (blob: Blob) => Promise<void>;
  onProblem: (problem: ImageProblem) => void;
}) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<CropArea | null>(null);
  const [busy, setBusy] = useState(false);
  const rules = IMAGE_RULES[kind];
  // zooming in further than the picture's pixels allow would make a blurry image
  const maxZoom = Math.max(1, Math.min(4, chosen.bitmap.width / rules.minWidth, chosen.bitmap.height / rules.minHeight));

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  async function save() {
    if (!area) return;
    const sizeProblem = checkImageSize(kind, area.width, area.height);
    if (sizeProblem) return onProblem(sizeProblem);
    setBusy(true);
    let blob: Blob;
    try {
      blob = await renderCrop(chosen.bitmap, area, rules.outputWidth, rules.outputHeight);
    } catch {
      setBusy(false);
      return onProblem('processing');
    }
    await onDone(blob);
    setBusy(false);
  }

  return (
    <dialog
      ref={dialog}
      className={`${dialogCss.dialog} ${css.dialog}`}
      aria-labelledby={`${kind}-crop-title`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${kind}-crop-title`} className={dialogCss.title}>
        {kind === 'avatar' ? <Trans>Ajustar foto</Trans> : <Trans>Ajustar capa</Trans>}
      </h2>
      <p className={dialogCss.text}>
        <Trans>Arraste para escolher a parte que aparece; use o controle para aproximar.</Trans>
      </p>
      <div className={kind === 'avatar' ? css.cropAreaSquare : css.cropAreaWide}>
        <Cropper
          image={chosen.url}
          crop={crop}
          zoom={zoom}
          maxZoom={maxZoom}
          aspect={rules.outputWidth / rules.outputHeight}
          cropShape={kind === 'avatar' ? 'round' : 'rect'}
          showGrid={false}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => setArea(pixels)}
        />
      </div>
      <label className={f.field}>
        <span className={f.label}>{t`Aproximar`}</span>
        <input
          type="range"
          min={1}
          max={maxZoom}
          step={0.01}
          value={zoom}
          onChange={(e) => setZoom(Number(e.target.value))}
        />
      </label>
      <div className={`${dialogCss.actions} ${css.actions}`}>
        <button type="button" className={button.secondary} onClick={onCancel} disabled={busy}>
          <Trans>Cancelar</Trans>
        </button>
        <button type="button" className={button.primary} onClick={() => void save()} disabled={busy || !area}>
          {busy ? <Trans context="image upload">Enviando…</Trans> : <Trans>Salvar imagem</Trans>}
        </button>
      </div>
    </dialog>
  );
}
