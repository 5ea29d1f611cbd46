/**
 * The seasonal store's online data (the pattern: ../README.md): the items on sale, what the person
 * owns, a free claim, a purchase's outcome, the receipts, and the admins' catalogue. The server
 * calls are src/data/online/store.ts (no React). Nothing here is kept on the device (no persister):
 * prices and the beta change on the server, and a stale copy would show a wrong total.
 */
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { followSessionOwner, getQueryClient } from '../query-client.ts';
import {
  adminListItems,
  claimFreeItem,
  grantBetaAccess,
  listGuardianPurchases,
  listOwnedItemIds,
  listReceipts,
  listStoreItems,
  readPurchase,
  readStoreAccess,
  saveItem,
  setItemActive,
  startCheckout,
  type ItemDraft,
} from '../../../data/online/store.ts';

const storeKeys = {
  access: (userId: string) => ['store', 'access', userId] as const,
  items: (userId: string) => ['store', 'items', userId] as const,
  owned: (userId: string) => ['store', 'owned', userId] as const,
  guardian: (userId: string) => ['store', 'guardian', userId] as const,
  purchase: (id: string) => ['store', 'purchase', id] as const,
  receipts: (userId: string) => ['store', 'receipts', userId] as const,
  catalogue: ['store', 'catalogue'] as const,
};

// The store's first reads, one definition for the screen's hooks and for the prefetch below.
const itemsQuery = (userId: string) => ({ queryKey: storeKeys.items(userId), queryFn: listStoreItems, persister: undefined });
const ownedQuery = (userId: string) => ({
  queryKey: storeKeys.owned(userId),
  queryFn: async () => new Set(await listOwnedItemIds()),
  persister: undefined,
});
const guardianQuery = (userId: string) => ({ queryKey: storeKeys.guardian(userId), queryFn: listGuardianPurchases, persister: undefined });

export function useStoreAccess(userId: string) {
  return useQuery({ queryKey: storeKeys.access(userId), queryFn: () => readStoreAccess(userId), persister: undefined });
}

export function useStoreItems(userId: string, enabled: boolean) {
  return useQuery({ ...itemsQuery(userId), enabled });
}

export function useOwnedItems(userId: string, enabled = true) {
  return useQuery({ ...ownedQuery(userId), enabled });
}

/**
 * The store's entry was shown or is about to be tapped (issue 35's budget: the first screen within
 * 2 s of the tap on a slow phone): its reads start now, in the one QueryClient the store's screen
 * uses, so the screen finds them under way or arrived. `access`: the entry knows the person may
 * use the store. Whose copies the cache holds is settled first (OnlineData would clear a cache of
 * someone else's — and the prefetched reads with it).
 */
export async function prefetchStoreReads(userId: string, client: QueryClient = getQueryClient()): Promise<void> {
  await followSessionOwner(userId);
  client.setQueryData(storeKeys.access(userId), true);
  await Promise.all([client.prefetchQuery(itemsQuery(userId)), client.prefetchQuery(ownedQuery(userId)), client.prefetchQuery(guardianQuery(userId))]);
}

/** A minor's questions to the guardian (an adult has none): what the store says of each item. */
export function useGuardianPurchases(userId: string, enabled = true) {
  return useQuery({ ...guardianQuery(userId), enabled });
}

/** Claims a free item; what the person owns reads again. */
export function useClaimFree(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (itemId: string) => claimFreeItem(itemId),
    onSuccess: async () => {
      await client.cancelQueries({ queryKey: storeKeys.owned(userId) });
      await client.invalidateQueries({ queryKey: storeKeys.owned(userId) });
    },
  });
}

/**
 * Begins a purchase; the screen then opens the provider's checkout page — or, for a minor, says the
 * guardian was asked (the questions read again).
 */
export function useStartCheckout(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ itemId, returnTo, language }: { itemId: string; returnTo: string; language: string }) => startCheckout(itemId, returnTo, language),
    onSuccess: async (started) => {
      if (started.status !== 'awaiting_guardian') return;
      await client.cancelQueries({ queryKey: storeKeys.guardian(userId) });
      await client.invalidateQueries({ queryKey: storeKeys.guardian(userId) });
    },
  });
}

export function usePurchase(purchaseId: string) {
  return useQuery({ queryKey: storeKeys.purchase(purchaseId), queryFn: () => readPurchase(purchaseId), persister: undefined });
}

export function useReceipts(userId: string) {
  return useQuery({ queryKey: storeKeys.receipts(userId), queryFn: listReceipts, persister: undefined });
}

// ----- admins ----------------------------------------------------------------------------------

export function useCatalogue() {
  return useQuery({ queryKey: storeKeys.catalogue, queryFn: adminListItems, persister: undefined });
}

async function readCatalogueAgain(client: ReturnType<typeof useQueryClient>) {
  await client.cancelQueries({ queryKey: storeKeys.catalogue });
  await client.invalidateQueries({ queryKey: storeKeys.catalogue });
}

export function useSaveItem() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: ItemDraft }) => saveItem(id, draft),
    onSuccess: () => readCatalogueAgain(client),
  });
}

export function useSetItemActive() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, active }: { id: string; active: boolean }) => setItemActive(id, active),
    onSuccess: () => readCatalogueAgain(client),
  });
}

export function useGrantBeta(adminId: string) {
  return useMutation({ mutationFn: (username: string) => grantBetaAccess(username, adminId) });
}
