# The image behind docker-compose.yml: the service as `npm start` runs it (TypeScript through tsx,
# no build step). One image for every role; the command picks web, worker or migrate.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY scripts ./scripts
RUN npm ci --omit=dev --no-audit --no-fund
COPY . .
USER node
EXPOSE 3000
# main.ts directly, not through npm, so the SIGTERM of `docker stop` reaches its clean shutdown.
CMD ["node", "--import", "tsx", "src/main.ts", "start"]
