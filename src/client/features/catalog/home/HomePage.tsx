import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import Skeleton from '@mui/material/Skeleton';
import { HOME } from '../../../../shared/constants';
import type { Category } from '../../../../shared/contract/catalog';
import { settle, type ServerData } from '../../../lib/serverData';
import { catalogApi, useGetCategoriesQuery } from '../catalogApi';
import { dedupeByPath } from '../../../lib/dedupe';
import { CategoryRow } from './CategoryRow';
import { settingsApi } from '../../settings/settingsApi';
import { HeroCarousel } from './HeroCarousel';
import { NewsletterSection } from './NewsletterSection';
import { PageHead } from '../../../components/PageHead';
import { SITE, type HeadData } from '../../../lib/pageHead';

/** The hero's slides, the rows and their events, and the newsletter's settings. */
/** @public read by the router from the lazily loaded page module (app/router.tsx). */
export const serverData: ServerData = async (dispatch) => {
  const { getCarousel, getCategories, getCategoryListing } = catalogApi.endpoints;
  const { getPublicConfig } = settingsApi.endpoints;
  const [categories] = (await settle([
    dispatch(getCategories.initiate({ page: HOME.categoryListPageId })),
    dispatch(getCarousel.initiate()),
    dispatch(getPublicConfig.initiate()),
  ])) as [Category[] | null];
  await settle(dedupeByPath(categories ?? []).map((c) => dispatch(getCategoryListing.initiate({ path: c.path }))));
};

const head: HeadData = { title: SITE.title };

/** docs/behaviour.md §2 "Home": hero carousel, category rows, then 'Get on the list'. */
export default function HomePage() {
  const { data: categories, isLoading } = useGetCategoriesQuery({ page: HOME.categoryListPageId });
  return (
    <>
      <PageHead {...head} />
      <HeroCarousel />
      <Container maxWidth="xl" sx={{ py: 3 }}>
        {isLoading &&
          [0, 1].map((i) => (
            <Box key={i} sx={{ py: 3 }}>
              <Skeleton width={220} height={40} />
              <Skeleton variant="rectangular" height={220} sx={{ borderRadius: 1 }} />
            </Box>
          ))}
        {dedupeByPath(categories ?? []).map((category) => (
          <CategoryRow key={category.path} category={category} />
        ))}
      </Container>
      <NewsletterSection />
    </>
  );
}
