import { Injectable } from '@nestjs/common';
import { PublicBaseUrl } from '../public-base-url';
import { RequestContext, API_PREFIX } from '../request-context';
import type { ListEnvelope } from './list-envelope';
import type { LinkResponse } from './link.response';
import type { PageQuery } from './page.query';

const PAGE_KEYS = new Set(['pageNum', 'itemsPerPage']);

@Injectable()
export class PageLinks {
  constructor(
    private readonly context: RequestContext,
    private readonly publicBaseUrl: PublicBaseUrl,
  ) {}

  // Absolute href of an API path such as `/groups/{id}`; the prefix is added here.
  href(apiPath: string): string {
    return `${this.context.origin()}${API_PREFIX}${apiPath}`;
  }

  self(apiPath: string): LinkResponse[] {
    return [{ href: this.href(apiPath), rel: 'self' }];
  }

  // Hrefs kept in stored documents or sent to receivers: under PublicBaseUrl, never the Host header.
  persistentHref(apiPath: string): string {
    return `${this.publicBaseUrl.get()}${API_PREFIX}${apiPath}`;
  }

  persistentSelf(apiPath: string): LinkResponse[] {
    return [{ href: this.persistentHref(apiPath), rel: 'self' }];
  }

  // For the self links of a page's items: the request's origin is read once, not once per item.
  selfLinks(): (apiPath: string) => LinkResponse[] {
    const base = `${this.context.origin()}${API_PREFIX}`;
    return (apiPath) => [{ href: `${base}${apiPath}`, rel: 'self' }];
  }

  // The self href always carries pageNum and itemsPerPage (the Go client reads pageNum from it).
  list<T>(page: PageQuery, results: T[], totalCount: number): ListEnvelope<T> {
    const links: LinkResponse[] = [{ href: this.pageHref(page, page.pageNum), rel: 'self' }];
    if (page.pageNum > 1) links.push({ href: this.pageHref(page, page.pageNum - 1), rel: 'previous' });
    if (page.offset + results.length < totalCount) {
      links.push({ href: this.pageHref(page, page.pageNum + 1), rel: 'next' });
    }
    const envelope: ListEnvelope<T> = { links, results };
    if (page.includeCount) envelope.totalCount = totalCount;
    return envelope;
  }

  private pageHref(page: PageQuery, pageNum: number): string {
    const request = this.context.request();
    const path = request?.path ?? '/';
    const params = new URLSearchParams();
    for (const [key, value] of request?.query ?? []) {
      if (!PAGE_KEYS.has(key)) params.append(key, value);
    }
    params.set('pageNum', String(pageNum));
    params.set('itemsPerPage', String(page.itemsPerPage));
    return `${this.context.origin()}${path}?${params.toString()}`;
  }
}
