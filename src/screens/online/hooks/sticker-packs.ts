/**
 * /admin › Adesivos (issue 35): the sticker packs' online data (the pattern:
 * src/screens/online/README.md). Calls: src/data/online/sticker-packs-admin.ts. Not kept on the
 * device (no persister): admins edit online.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  listStickerPacks,
  saveSticker,
  saveStickerPack,
  setStickerPackActive,
  type StickerPackRow,
  type StickerRow,
} from '../../../data/online/sticker-packs-admin.ts';

const stickerPacksKey = ['admin', 'sticker-packs'] as const;

export function useStickerPacks() {
  return useQuery({ queryKey: stickerPacksKey, queryFn: listStickerPacks, persister: undefined });
}

function useReadAgain() {
  const client = useQueryClient();
  return async () => {
    await client.cancelQueries({ queryKey: stickerPacksKey });
    await client.invalidateQueries({ queryKey: stickerPacksKey });
  };
}

export function useSaveStickerPack() {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: ({ existingId, draft }: { existingId: string | null; draft: StickerPackRow }) => saveStickerPack(existingId, draft),
    onSuccess: readAgain,
  });
}

export function useSetStickerPackActive() {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setStickerPackActive(id, active),
    onSuccess: readAgain,
  });
}

export function useSaveSticker() {
  const readAgain = useReadAgain();
  return useMutation({
    mutationFn: ({ existingId, draft }: { existingId: string | null; draft: StickerRow }) => saveSticker(existingId, draft),
    onSuccess: readAgain,
  });
}
