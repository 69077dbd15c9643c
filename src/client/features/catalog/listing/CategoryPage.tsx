import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { useParams } from 'react-router-dom';
import { EXPERIENCE_CATEGORY_ID } from '../../../../shared/constants';
import { EventGrid, EventGridSkeleton } from '../../../components/EventGrid';
import NotFoundPage from '../../../components/NotFoundPage';
import { PageHead } from '../../../components/PageHead';
import { pageTitle, plainText } from '../../../lib/pageHead';
import { settle, type ServerData } from '../../../lib/serverData';
import { catalogApi, useGetCategoryBlocksQuery } from '../catalogApi';
import { useLiveNow } from '../../liveNow/liveNowApi';
import { PageHeading } from './PageHeading';

/**
 * /category/{categoryId} shows the category it names (docs/decisions.md); /experience is category 1.
 * Title and description come from the first block; cards are grouped by block.
 */
function CategoryListing({ categoryId }: { categoryId: string }) {
  const { data: blocks, isLoading, isError, error } = useGetCategoryBlocksQuery(categoryId);
  const liveNow = useLiveNow();
  if (isError) {
    if ((error as { status?: unknown }).status === 404) return <NotFoundPage />;
    console.error('Category detail fetch failed', error);
  }
  const first = blocks?.[0];
  return (
    <Container maxWidth="xl" sx={{ py: { xs: 4, md: 6 } }}>
      {first ? (
        <PageHead
          title={pageTitle(first.title)}
          heading={first.title}
          {...(plainText(first.description) ? { description: plainText(first.description) } : {})}
        />
      ) : null}
      {isLoading || !first ? (
        <>
          <Skeleton width={320} height={56} />
          <Skeleton width={480} sx={{ mb: 4 }} />
          <EventGridSkeleton />
        </>
      ) : (
        <>
          <PageHeading title={first.title} descriptionHtml={first.description} />
          <EventGrid liveNow={liveNow} groups={(blocks ?? []).map((b) => ({ label: b.title, events: b.data }))} />
        </>
      )}
    </Container>
  );
}

const blocksOf =
  (categoryId: string): ServerData =>
  (dispatch) =>
    settle([dispatch(catalogApi.endpoints.getCategoryBlocks.initiate(categoryId))]);
/** @public read by the router from the lazily loaded page module (app/router.tsx). */
export const serverData: ServerData = (dispatch, params) => blocksOf(params.categoryId ?? '')(dispatch, params);
export const experienceServerData = blocksOf(String(EXPERIENCE_CATEGORY_ID));

export default function CategoryPage() {
  const { categoryId = '' } = useParams();
  return <CategoryListing key={categoryId} categoryId={categoryId} />;
}

export function ExperiencePage() {
  return <CategoryListing categoryId={String(EXPERIENCE_CATEGORY_ID)} />;
}
