/**
 * The notebook screens' way to the data layer: wait for the signed-in person's database (it
 * opens at sign-in, src/data/session/engine.ts) and follow live queries. Screens never talk to
 * the server; they read and write the local database through `api`.
 */
import { useEffect, useState } from 'react';
import type { Observable } from 'rxjs';
import type { DataLayer } from '../data/data-layer.ts';
import { useSessionStore } from './session.ts';

export type DataLayerState =
  | { status: 'loading' }
  | { status: 'signed-out' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; layer: DataLayer };

export function useDataLayer(): DataLayerState {
  const sessionStatus = useSessionStore((s) => s.status);
  const userId = useSessionStore((s) => s.userId);
  const [state, setState] = useState<DataLayerState>({ status: 'loading' });
  useEffect(() => {
    if (sessionStatus === 'loading') return setState({ status: 'loading' });
    if (sessionStatus === 'signed-out' || !userId) return setState({ status: 'signed-out' });
    let live = true;
    setState((current) => (current.status === 'ready' && current.layer.userId === userId ? current : { status: 'loading' }));
    import('../data/session/data.ts')
      .then(({ whenDataReady }) => whenDataReady())
      .then(
        (layer) => live && setState({ status: 'ready', layer }),
        (error: unknown) => live && setState({ status: 'failed', error }),
      );
    return () => {
      live = false;
    };
  }, [sessionStatus, userId]);
  return state;
}

/**
 * The latest value of a live query; `undefined` until it has emitted. The observable must be
 * stable (memoised by its inputs).
 */
export function useObservable<T>(source: Observable<T> | null): T | undefined {
  const [entry, setEntry] = useState<{ source: Observable<T>; value: T } | null>(null);
  useEffect(() => {
    if (!source) return;
    const subscription = source.subscribe((value) => setEntry({ source, value }));
    return () => subscription.unsubscribe();
  }, [source]);
  return entry && entry.source === source ? entry.value : undefined;
}
