import type { AssetDetail } from '../../../../shared/contract/catalog';

const plainText = (html: string) => html.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim();

/** Page title and social meta tags from the event (React hoists them into <head>). */
export function EventMeta({ event }: { event: AssetDetail }) {
  const description = plainText(event.description).slice(0, 200);
  const image = event.vodOrLivePosterImageFilePath ? new URL(event.vodOrLivePosterImageFilePath, window.location.origin).href : undefined;
  const title = `${event.title} — AllAccess`;
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      <meta property="og:type" content="video.other" />
      <meta property="og:title" content={event.title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={window.location.href} />
      {image && <meta property="og:image" content={image} />}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={event.title} />
      <meta name="twitter:description" content={description} />
      {image && <meta name="twitter:image" content={image} />}
    </>
  );
}
