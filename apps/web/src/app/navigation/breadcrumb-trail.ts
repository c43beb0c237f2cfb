export interface Crumb {
  /** Path segment: also the translation key `nav.<segment>` when it is a word. */
  segment: string;
  path: string;
  /** Only crumbs whose path is a page link anywhere. */
  linked: boolean;
}

/** Spec §2: "Breadcrumbs derive from the path". */
export function breadcrumbTrail(pathname: string, pages: ReadonlySet<string>): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  return segments.map((segment, index) => {
    const path = `/${segments.slice(0, index + 1).join('/')}`;
    return { segment, path, linked: index < segments.length - 1 && pages.has(path) };
  });
}
