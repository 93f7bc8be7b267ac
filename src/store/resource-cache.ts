import { Resource } from './resource';
import { canonicalKey, resourceKeyId, type ResourceKey } from './resource-key';

/**
 * Every resource of one store, by key, and how long each lives (TanStack Query's `QueryCache` with
 * `gcTime`): a resource nobody watches or reads is forgotten `cacheTimeMs` after the last one left.
 */
export class ResourceCache {
  private readonly resources = new Map<string, Resource>();
  private readonly gcTimers = new Map<Resource, ReturnType<typeof setTimeout>>();

  constructor(
    private readonly cacheTimeMs: number,
    /** Called when a resource is forgotten, so its scheduling goes too. */
    private readonly onForget: (resource: Resource) => void,
  ) {}

  find(key: ResourceKey): Resource | undefined {
    return this.resources.get(resourceKeyId(key));
  }

  /** The resource of `key`, made on first use. */
  build(key: ResourceKey): Resource {
    const id = resourceKeyId(key);
    let resource = this.resources.get(id);
    if (resource === undefined) {
      // The canonical key, so a hand-made key asks the service for what the equal built key does.
      resource = new Resource(id, canonicalKey(key));
      this.resources.set(id, resource);
    }
    return resource;
  }

  all(): IterableIterator<Resource> {
    return this.resources.values();
  }

  /** Forgets `resource` after the cache time, unless someone uses it again (or `busy` says to wait). */
  scheduleGc(resource: Resource, busy: (resource: Resource) => boolean): void {
    if (this.gcTimers.has(resource) || busy(resource)) return;
    const timer = setTimeout(() => {
      this.gcTimers.delete(resource);
      if (resource.request !== undefined) {
        this.scheduleGc(resource, busy);
        return;
      }
      if (busy(resource)) return;
      if (this.resources.get(resource.id) !== resource) return;
      this.resources.delete(resource.id);
      this.onForget(resource);
    }, this.cacheTimeMs);
    // A forgotten cache entry must not keep a Node process alive.
    (timer as { unref?: () => void }).unref?.();
    this.gcTimers.set(resource, timer);
  }

  cancelGc(resource: Resource): void {
    const timer = this.gcTimers.get(resource);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.gcTimers.delete(resource);
  }

  clear(): void {
    for (const timer of this.gcTimers.values()) clearTimeout(timer);
    this.gcTimers.clear();
    this.resources.clear();
  }
}
