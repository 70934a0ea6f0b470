// A list row's picture: the image at a small width (the media service's ?format=), or a blank tile.
import { cn } from './cn.js';

export function Thumbnail({ src, alt = '', className }: { src: string | undefined; alt?: string; className?: string }) {
  const box = cn('size-10 shrink-0 rounded-ds-sm border border-border bg-surface-muted object-cover', className);
  if (!src) return <span aria-hidden="true" className={cn(box, 'inline-block')} />;
  const small = src.startsWith('/') ? `${src}${src.includes('?') ? '&' : '?'}format=100w` : src;
  return <img src={small} alt={alt} width={40} height={40} loading="lazy" className={box} />;
}
