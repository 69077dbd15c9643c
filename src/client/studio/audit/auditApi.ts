import { apiSlice } from '../../api/apiSlice';
import type { Envelope } from '../../../shared/contract/responseEnvelope';
import type { AuditPage, AuditQuery } from '../../../shared/contract/studio';

type AuditArgs = Partial<Pick<AuditQuery, 'before' | 'subjectType' | 'subjectId' | 'limit'>>;

/** GET /v1/studio/audit: newest first, paged back in time with `before` (an entry id). */
const auditApi = apiSlice.injectEndpoints({
  endpoints: (build) => ({
    getAuditPage: build.query<AuditPage, AuditArgs>({
      query: (args) => ({ url: '/studio/audit', params: args }),
      transformResponse: (r: Envelope<AuditPage>) => r.data,
      providesTags: ['StudioAudit'],
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAuditPageQuery } = auditApi;
