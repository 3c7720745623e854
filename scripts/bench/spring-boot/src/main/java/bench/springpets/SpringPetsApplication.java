package bench.springpets;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The Spring Boot alternative: the service's API on Tomcat, virtual threads and JdbcClient. */
@SpringBootApplication
public class SpringPetsApplication {

    public static void main(String[] args) {
        SpringApplication.run(SpringPetsApplication.class, args);
    }
}
