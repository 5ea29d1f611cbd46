/** My reports, newest first (issue 33): read from this device, so the list works offline. */
import { Observable, map } from 'rxjs';
import type { DataContext } from '../repositories/context.ts';
import type { ReportDoc } from '../schemas/index.ts';
import { all$, newestFirst } from './common.ts';

export function myReports$(ctx: DataContext): Observable<ReportDoc[]> {
  return all$(ctx, 'reports', { reporter_id: ctx.userId }).pipe(map((docs) => docs.sort(newestFirst('created_at'))));
}
