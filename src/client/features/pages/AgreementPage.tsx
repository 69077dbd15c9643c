import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { SafeHtml } from '../../components/SafeHtml';
import { useGetAgreementQuery } from '../catalog/catalogApi';
import NotFoundPage from '../../components/NotFoundPage';

const AGREEMENT_TYPES = new Set(['terms', 'privacy']);

/** /{type}/{id}: an agreement's label and HTML (links used: /terms/3 and /privacy/2). */
export default function AgreementPage() {
  const { type = '', id = '' } = useParams();
  const valid = AGREEMENT_TYPES.has(type) && /^\d+$/.test(id);
  const { data, isLoading, isError } = useGetAgreementQuery(Number(id), { skip: !valid });
  if (!valid || isError || (!isLoading && !data)) return <NotFoundPage />;
  return (
    <Container maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
      {data && <title>{`${data.label} — AllAccess`}</title>}
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
