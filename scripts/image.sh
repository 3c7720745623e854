#!/usr/bin/env bash
# Builds the OCI image localhost/animal-store:<version> from the built jar, without a Docker engine or an
# image registry: a root file system holding only a jlink runtime (the modules the service needs), the C
# libraries that runtime links against, /etc/passwd and /etc/group with a non-root user, the jar and
# scripts/jvm.options; no shell, no package manager. `podman import` turns it into an image whose entrypoint
# is java itself (docs/deployment.md says why each part is there and how to run it).
#
# Usage: scripts/image.sh [--rebuild-jar]. Installs podman and runc with apt-get when missing (needs root).
# Prints the image name and its size; the image's root file system is left in target/image/rootfs.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/java-home.sh

jar=bootstrap/target/animal-store.jar
work=target/image
version=$(sed -n '/<artifactId>animal-store-service<\/artifactId>/,/<version>/s:.*<version>\(.*\)</version>.*:\1:p' pom.xml | head -n 1)
image="localhost/animal-store:$version"

# Modules jdeps does not see because they are reached by name at run time, not by a class reference:
#   jdk.crypto.ec    elliptic-curve TLS (a database or OTLP collector behind TLS); empty since JDK 22 (in java.base), kept for older runtimes
#   jdk.zipfs        the jar's resources read as a file system (Micronaut's classpath: static resources, Flyway's migrations)
#   jdk.naming.dns   JNDI DNS lookups some JDBC drivers make for SRV records
#   jdk.localedata   only English is served: left out on purpose
#   jdk.management.agent, jdk.attach  remote JMX and jcmd: left out (no shell to run them from; metrics are on the management port)
EXTRA_MODULES=jdk.crypto.ec,jdk.zipfs,jdk.naming.dns

if ! command -v podman >/dev/null 2>&1 || ! command -v runc >/dev/null 2>&1; then
  echo "podman or runc missing: installing Debian's packages"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q && apt-get install -y -q --no-install-recommends podman runc uidmap
fi
if [ "${1:-}" = "--rebuild-jar" ] || [ ! -f "$jar" ]; then
  ./mvnw -q -B -DskipTests package
fi

rm -rf "$work" && mkdir -p "$work/rootfs"
root=$work/rootfs

# 1. The runtime: the modules jdeps finds in the jar's classes, and the ones above.
modules=$("$JAVA_HOME/bin/jdeps" --ignore-missing-deps --print-module-deps --multi-release 25 "$jar")
modules="$modules,$EXTRA_MODULES"
echo "$modules" | tr ',' '\n' >"$work/modules.txt"
echo "jlink modules: $modules"
"$JAVA_HOME/bin/jlink" --add-modules "$modules" --output "$root/opt/java" \
  --strip-debug --no-man-pages --no-header-files
# Nothing in the runtime is run but java itself; the service is headless (java.desktop is there for java.beans):
# no X11 window toolkit, sound, splash screen or AWT native interface, which would pull in X11 and ALSA libraries.
find "$root/opt/java/bin" -type f ! -name java -delete
rm -f "$root"/opt/java/lib/{libawt_xawt,libjsound,libsplashscreen,libjawt}.so
# The JDK classes' CDS archive for the object layout scripts/jvm.options selects (compact headers: classes_coh.jsa);
# jlink's own --generate-cds-archive writes only the archives for the default layout, which such a JVM ignores.
"$root/opt/java/bin/java" -XX:+UseCompactObjectHeaders -XX:+UseSerialGC -Xshare:dump -Xlog:cds=off >/dev/null

# 2. The C libraries the runtime's binaries link against (glibc: libc, libm, libdl, libpthread, librt and
#    the loader), copied from this machine at the paths the loader looks them up by.
find "$root/opt/java" -type f \( -name '*.so' -o -path '*/bin/java' \) -print0 \
  | xargs -0 ldd 2>/dev/null | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// && $2 ~ /^\(/ { print $1 }' \
  | grep -E '^/(usr/)?lib' | sort -u \
  | while read -r lib; do cp -L --parents "$lib" "$root/"; done

# 3. A non-root user (10001), a writable /tmp when the container is not read-only, and the application.
mkdir -p "$root/etc" "$root/app" "$root/tmp"
chmod 1777 "$root/tmp"
printf 'root:x:0:0:root:/root:/sbin/nologin\nanimalstore:x:10001:10001:animal-store:/app:/sbin/nologin\n' >"$root/etc/passwd"
printf 'root:x:0:\nanimalstore:x:10001:\n' >"$root/etc/group"
cp "$jar" "$root/app/animal-store.jar"
cp scripts/jvm.options "$root/app/jvm.options"

# 4. The image: one layer, files owned by root and read-only to the service's user, fixed timestamps.
tar --sort=name --mtime=@0 --owner=0 --group=0 --numeric-owner -C "$root" -cf "$work/rootfs.tar" .
podman rmi -f "$image" >/dev/null 2>&1 || true
podman import \
  --change 'USER 10001:10001' \
  --change 'WORKDIR /app' \
  --change 'ENV MALLOC_ARENA_MAX=2 JAVA_HOME=/opt/java' \
  --change 'EXPOSE 8080' --change 'EXPOSE 8081' \
  --change 'STOPSIGNAL SIGTERM' \
  --change 'ENTRYPOINT ["/opt/java/bin/java", "@/app/jvm.options", "-jar", "/app/animal-store.jar"]' \
  --message "animal-store $version: jlink runtime ($modules)" \
  "$work/rootfs.tar" "$image" >/dev/null

size=$(podman image inspect --format '{{.Size}}' "$image")
echo "built $image: $((size / 1000 / 1000)) MB ($size bytes; runtime $(du -sm "$root/opt/java" | cut -f1) MiB, jar $(du -sm "$jar" | cut -f1) MiB)"
