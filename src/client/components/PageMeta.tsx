import { useLayoutEffect } from 'react';

export type MetaTag = { name: string; content: string } | { property: string; content: string };

const OWN = 'data-page-meta';
const keyOf = (tag: MetaTag) => ('name' in tag ? `name=${tag.name}` : `property=${tag.property}`);
const selectorOf = (tag: MetaTag) => ('name' in tag ? `meta[name="${tag.name}"]` : `meta[property="${tag.property}"]`);

/**
 * Meta tags a page owns while it is shown. React hoists them into <head> but leaves the generic ones
 * of index.html (its description) beside them, and a crawler or a link preview would read either: so
 * while the page is shown, every other tag with the same name or property is taken out of <head>,
 * and put back where it was when the page goes. There is exactly one of each at any time.
 */
export function PageMeta({ tags }: { tags: MetaTag[] }) {
  const selectors = tags.map(selectorOf).join(',');
  useLayoutEffect(() => {
    const others = Array.from(document.head.querySelectorAll(selectors)).filter((el) => !el.hasAttribute(OWN));
    const places = others.map((el) => ({ el, next: el.nextSibling }));
    others.forEach((el) => el.remove());
    return () => {
      for (const { el, next } of places)
        document.head.insertBefore(el, next && next.parentNode === document.head ? next : null);
    };
  }, [selectors]);
  return tags.map((tag) => <meta key={keyOf(tag)} {...tag} {...{ [OWN]: '' }} />);
}
