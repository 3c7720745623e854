package bench.springpets;

import bench.springpets.PetRows.PageQuery;
import bench.springpets.PetRows.PetAdded;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.time.Duration;
import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.cache.CacheManager;
import org.springframework.cache.annotation.EnableCaching;
import org.springframework.cache.caffeine.CaffeineCacheManager;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.context.event.EventListener;

/**
 * {@code --spring.profiles.active=cached}: Spring's cache abstraction on Caffeine in front of {@link PetRows},
 * with the service's bounds (PETSTORE_CACHE_PETS, _PET_TTL, _PAGES, _PAGE_TTL; application-cached.properties):
 * pets by id, and first pages. Like the service, a pet added here drops the remembered pages it belongs to.
 */
@Configuration(proxyBeanMethods = false)
@Profile("cached")
@EnableCaching
@EnableConfigurationProperties(CachedProfile.Settings.class)
class CachedProfile {

    static final String PETS = "pets";
    static final String PAGES = "pages";

    @ConfigurationProperties("petstore.cache")
    record Settings(long pets, Duration petTtl, long pages, Duration pageTtl) {
    }

    private final Cache<Object, Object> pages;

    CachedProfile(Settings settings) {
        this.pages = Caffeine.newBuilder().maximumSize(settings.pages()).expireAfterWrite(settings.pageTtl()).build();
    }

    @Bean
    CacheManager cacheManager(Settings settings) {
        CaffeineCacheManager manager = new CaffeineCacheManager();
        manager.registerCustomCache(PETS, Caffeine.newBuilder().maximumSize(settings.pets()).expireAfterWrite(settings.petTtl()).build());
        manager.registerCustomCache(PAGES, pages);
        return manager;
    }

    /** A new pet has the highest id: it belongs to the pages that were the last (no extra row) of its status or of all. */
    @EventListener
    void forgetPagesHolding(PetAdded added) {
        pages.asMap().entrySet().removeIf(page -> page.getKey() instanceof PageQuery query
                && ((List<?>) page.getValue()).size() <= query.limit()
                && (query.status() == null || query.status() == added.pet().status()));
    }
}
