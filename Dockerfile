# One image recipe for every process of the distributed mode:
#   docker build --build-arg SERVICE=cart -t sitebuilder/cart .
# SERVICE is one of cart | forms | restock | identity | analytics | content | render | gateway.
# Multi-stage: the build stage installs the workspace and runs scripts/build-service.ts (pnpm
# deploy --prod into a flat node_modules, the app compiled to dist/bundle/main.js by esbuild);
# the runtime stage is Node 24 slim with that tree only, owned by root and run as uid 1000, so
# the process cannot change its own files (and Kubernetes can mount the root read-only).
# scripts/prove-image.sh runs the same steps without Docker.

# Declared before the first FROM so that the final FROM can pick the per-service stage by name.
ARG SERVICE=gateway
ARG NODE_IMAGE=node:24-slim

# ---------------------------------------------------------------------------------------------
# build: the whole workspace as locked (dev tools included: esbuild, Vite), then one app's
# production tree in /out.
FROM ${NODE_IMAGE} AS build
ARG SERVICE
# CI=true keeps pnpm from ever waiting on a prompt in a non-interactive build.
ENV CI=true
WORKDIR /src
COPY . .
RUN npx -y pnpm@10.34.9 install --frozen-lockfile \
 && node --conditions=@sc/source --import tsx scripts/build-service.ts "${SERVICE}" /out

# ---------------------------------------------------------------------------------------------
# runtime: the compiled app and its production dependencies, nothing of the build tool chain.
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    METRICS_PORT=9464
WORKDIR /app
COPY --from=build /out/ ./
# Where compose and Kubernetes mount data (content's ASSETS_DIR): a new named volume takes the
# owner of the directory it is mounted on, so it is made here for the runtime user.
RUN mkdir -p /data/assets && chown -R 1000:1000 /data
# The image's built-in "node" user, by number so that Kubernetes' runAsNonRoot can verify it.
USER 1000:1000
EXPOSE 9464
# Liveness only (/healthz): readiness depends on Postgres/NATS/Redis, which the orchestrator
# checks on /readyz itself. Node has fetch, so the slim image needs no curl.
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"

# ---------------------------------------------------------------------------------------------
# One small stage per process: its port and its entry point. The exec form runs node as PID 1
# with no shell in between, so SIGTERM from `docker stop`/Kubernetes reaches its graceful shutdown
# (Node handles the signal itself: closeOnSignals drains and exits, so no tini is needed).
FROM runtime AS svc-cart
ENV PORT=4101
EXPOSE 4101
CMD ["node", "--enable-source-maps", "dist/bundle/main.js"]

FROM runtime AS svc-forms
ENV PORT=4102
EXPOSE 4102
CMD ["node", "--enable-source-maps", "dist/bundle/main.js"]

FROM runtime AS svc-restock
ENV PORT=4103
EXPOSE 4103
CMD ["node", "--enable-source-maps", "dist/bundle/main.js"]

FROM runtime AS svc-identity
ENV PORT=4104
EXPOSE 4104
CMD ["node", "--enable-source-maps", "dist/bundle/main.js"]

FROM runtime AS svc-analytics
ENV PORT=4105
EXPOSE 4105
CMD ["node", "--enable-source-maps", "dist/bundle/main.js"]

FROM runtime AS svc-content
ENV PORT=4106
EXPOSE 4106
CMD ["node", "--enable-source-maps", "dist/bundle/main.js"]

FROM runtime AS svc-render
ENV PORT=4107
EXPOSE 4107
CMD ["node", "--enable-source-maps", "dist/bundle/main.js"]

FROM runtime AS svc-gateway
ENV PORT=8080
EXPOSE 8080
CMD ["node", "--enable-source-maps", "dist/bundle/main.js"]

# ---------------------------------------------------------------------------------------------
# The image that `docker build` produces: the stage chosen by SERVICE. An unknown SERVICE fails
# here with "svc-<name>" not found rather than producing an image that cannot start.
FROM svc-${SERVICE}
