import type { AssetDetail } from '../../../../shared/contract/catalog';
import { useHydrated } from '../../../components/afterFirstScreen';
import { PageMeta, type MetaTag } from '../../../components/PageMeta';

const plainText = (html: string) =>
  html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Page title and social meta tags from the event (React hoists them into <head>); the page owns the
 * one description and one of each social tag while it is shown (PageMeta).
 */
export function EventMeta({ event }: { event: AssetDetail }) {
  const hydrated = useHydrated();
  const title = `${event.title} — AllAccess`;
  // The tags name this page's absolute address, which only the browser knows for sure.
  if (!hydrated) return <title>{title}</title>;
  const description = plainText(event.description).slice(0, 200);
  const image = event.vodOrLivePosterImageFilePath
    ? new URL(event.vodOrLivePosterImageFilePath, window.location.origin).href
    : undefined;
  const tags: MetaTag[] = [
    { name: 'description', content: description },
    { property: 'og:type', content: 'video.other' },
    { property: 'og:title', content: event.title },
    { property: 'og:description', content: description },
    { property: 'og:url', content: window.location.href },
    ...(image ? [{ property: 'og:image', content: image }] : []),
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: event.title },
    { name: 'twitter:description', content: description },
    ...(image ? [{ name: 'twitter:image', content: image }] : []),
  ];
  return (
    <>
      <title>{title}</title>
      <PageMeta tags={tags} />
    </>
  );
}
