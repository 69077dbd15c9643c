import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { SafeHtml } from '../../components/SafeHtml';
import { catalogApi, useGetAgreementQuery } from '../catalog/catalogApi';
import NotFoundPage from '../../components/NotFoundPage';
import { PageHead } from '../../components/PageHead';
import { pageTitle, plainText } from '../../lib/pageHead';
import { settle, type ServerData } from '../../lib/serverData';

const AGREEMENT_TYPES = new Set(['terms', 'privacy']);
const isAgreement = (type: string, id: string) => AGREEMENT_TYPES.has(type) && /^\d+$/.test(id);

/**
 * @public read by the router from the lazily loaded page module (app/router.tsx): the agreement comes
 * with the HTML, and an unknown one is a 404 from the server.
 */
export const serverData: ServerData = async (dispatch, { type = '', id = '' }) => {
  if (isAgreement(type, id)) await settle([dispatch(catalogApi.endpoints.getAgreement.initiate(Number(id)))]);
};

/** /{type}/{id}: an agreement's label and HTML (links used: /terms/3 and /privacy/2). */
export default function AgreementPage() {
  const { type = '', id = '' } = useParams();
  const valid = isAgreement(type, id);
  const { data, isLoading, isError } = useGetAgreementQuery(Number(id), { skip: !valid });
  if (!valid || isError || (!isLoading && !data)) return <NotFoundPage />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      {data && (
        <PageHead
          title={pageTitle(data.label)}
          heading={data.label}
          {...(plainText(data.description) ? { description: plainText(data.description) } : {})}
        />
      )}
      {isLoading || !data ? (
        <>
          <Skeleton width={300} height={56} />
          <Skeleton height={300} />
        </>
      ) : (
        <>
          <Typography component="h1" variant="h3" sx={{ fontWeight: 800, mb: 3 }}>
            {data.label}
          </Typography>
          <SafeHtml html={data.description} sx={{ lineHeight: 1.7, '& h2': { fontSize: '1.35rem' } }} />
        </>
      )}
    </Container>
  );
}
