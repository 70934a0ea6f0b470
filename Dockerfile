# One image recipe for every process of the distributed mode:
#   docker build --build-arg SERVICE=cart -t sitebuilder/cart .
# SERVICE is one of cart | forms | restock | identity | analytics | content | render | gateway.
# Code runs from TypeScript source through tsx (as in development), so there is no compile step
# for the server; only the web app (if it has a build script) is built, for the gateway to serve.

# Declared before the first FROM so that the final FROM can pick the per-service stage by name.
ARG SERVICE=gateway
ARG NODE_IMAGE=node:20-slim

# ---------------------------------------------------------------------------------------------
# manifests: only the files that decide what `pnpm install` does. Copying them on their own lets
# Docker reuse the (slow) install layer below while only source files change: BuildKit compares
# the copied content, and this stage's output is identical as long as no manifest changed.
FROM ${NODE_IMAGE} AS manifests
WORKDIR /src
COPY . .
RUN find . -type f \
      ! -name package.json ! -name pnpm-lock.yaml ! -name pnpm-workspace.yaml ! -name .npmrc \
      ! -path './patches/*' -delete \
 && find . -type d -empty -delete

# ---------------------------------------------------------------------------------------------
# deps: the whole workspace's dependencies, exactly as locked. Dev dependencies stay: tsx (a root
# dev dependency) is what runs the services, and the web build needs Vite.
FROM ${NODE_IMAGE} AS deps
# CI=true keeps pnpm from ever waiting on a prompt in a non-interactive build.
ENV CI=true
WORKDIR /app
COPY --from=manifests /src/ ./
RUN npx -y pnpm@10.34.9 install --frozen-lockfile

# ---------------------------------------------------------------------------------------------
# build: the sources on top of the installed tree (.dockerignore keeps local node_modules out, so
# nothing installed above is overwritten), then the web build when web/ defines one. With no
# @sc/web package or no build script pnpm exits 0; web/dist always exists afterwards so the
# runtime stage can copy it unconditionally.
FROM deps AS build
COPY . .
RUN npx -y pnpm@10.34.9 --filter @sc/web --if-present run build \
 && mkdir -p web/dist

# ---------------------------------------------------------------------------------------------
# runtime: what a process needs to start, nothing from the build tool chain's caches.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0
WORKDIR /app
# tsconfig files are read by tsx at start, so the runtime compiles exactly like development.
COPY --from=build /app/package.json /app/pnpm-workspace.yaml /app/tsconfig.json /app/tsconfig.base.json ./
# pnpm links workspace packages with relative symlinks into node_modules/.pnpm; COPY keeps them.
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/services ./services
COPY --from=build /app/gateway ./gateway
COPY --from=build /app/web/dist ./web/dist
# Where compose mounts uploaded images (content's ASSETS_DIR): a new named volume takes the
# owner of the directory it is mounted on, so it is made here for the "node" user.
RUN mkdir -p /data/assets && chown -R 1000:1000 /data
# The image's built-in "node" user, by number so that Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
# Liveness only (/healthz): readiness depends on Postgres/NATS/Redis, which the orchestrator
# checks on /readyz itself. Node 20 has fetch, so the slim image needs no curl.
HEALTHCHECK --interval=15s --timeout=3s --start-period=40s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

# ---------------------------------------------------------------------------------------------
# One small stage per process: its port and its entry point. The exec form runs node as PID 1
# with no shell in between, so SIGTERM from `docker stop`/Kubernetes reaches its graceful shutdown.
FROM runtime AS svc-cart
ENV PORT=4101
EXPOSE 4101
CMD ["node", "--conditions=@sc/source", "--import", "tsx", "services/cart/src/main.ts"]

FROM runtime AS svc-forms
ENV PORT=4102
EXPOSE 4102
CMD ["node", "--conditions=@sc/source", "--import", "tsx", "services/forms/src/main.ts"]

FROM runtime AS svc-restock
ENV PORT=4103
EXPOSE 4103
CMD ["node", "--conditions=@sc/source", "--import", "tsx", "services/restock/src/main.ts"]

FROM runtime AS svc-identity
ENV PORT=4104
EXPOSE 4104
CMD ["node", "--conditions=@sc/source", "--import", "tsx", "services/identity/src/main.ts"]

FROM runtime AS svc-analytics
ENV PORT=4105
EXPOSE 4105
CMD ["node", "--conditions=@sc/source", "--import", "tsx", "services/analytics/src/main.ts"]

FROM runtime AS svc-content
ENV PORT=4106
EXPOSE 4106
CMD ["node", "--conditions=@sc/source", "--import", "tsx", "services/content/src/main.ts"]

FROM runtime AS svc-render
ENV PORT=4107
EXPOSE 4107
CMD ["node", "--conditions=@sc/source", "--import", "tsx", "services/render/src/main.ts"]

FROM runtime AS svc-gateway
ENV PORT=8080
EXPOSE 8080
CMD ["node", "--conditions=@sc/source", "--import", "tsx", "gateway/src/main.ts"]

# ---------------------------------------------------------------------------------------------
# The image that `docker build` produces: the stage chosen by SERVICE. An unknown SERVICE fails
# here with "svc-<name>" not found rather than producing an image that cannot start.
FROM svc-${SERVICE}
