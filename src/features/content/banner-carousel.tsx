import { Carousel } from '@mantine/carousel';
import { Box, Image, Skeleton, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ShownInJapaneseBadge, textLang } from '@/components/shown-in-japanese';
import { currentLanguage } from '@/lib/i18n';
import classes from './content.module.css';
import { homeBannersQuery } from './queries';

/** The home page's banners across the full width; a banner with a link opens it. */
export function BannerCarousel() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const banners = useQuery(homeBannersQuery(currentLanguage()));

  if (banners.isPending) return <Skeleton className={classes.bannerFrame} radius={0} />;
  if (!banners.data || banners.data.length === 0) return null;

  const open = (linkUrl: string) => {
    if (linkUrl.startsWith('/') && !linkUrl.startsWith('//')) void navigate({ href: linkUrl });
    else window.open(linkUrl, '_blank', 'noopener,noreferrer');
  };

  return (
    <Box component="section" aria-label={t('banners')} className={classes.bannerStrip}>
      <Carousel
        withIndicators
        emblaOptions={{ loop: true }}
        classNames={{ indicator: classes.bannerIndicator }}
        previousControlProps={{ 'aria-label': t('previousBanner') }}
        nextControlProps={{ 'aria-label': t('nextBanner') }}
      >
        {banners.data.map((banner, index) => {
          // The art carries no words: the banner's title is written over it in the reader's language.
          const art = (
            <>
              <Image
                src={banner.imageUrl}
                alt={banner.title}
                className={classes.bannerImage}
                fetchPriority={index === 0 ? 'high' : 'auto'}
              />
              <span className={classes.bannerCaption} aria-hidden="true">
                {banner.title}
                <ShownInJapaneseBadge lang={banner.lang} />
              </span>
            </>
          );
          return (
            <Carousel.Slide key={banner.id} lang={textLang(banner.lang)}>
              {banner.linkUrl ? (
                <UnstyledButton
                  className={classes.bannerFrame}
                  onClick={() => banner.linkUrl && open(banner.linkUrl)}
                  aria-label={banner.title}
                >
                  {art}
                </UnstyledButton>
              ) : (
                <div className={classes.bannerFrame}>{art}</div>
              )}
            </Carousel.Slide>
          );
        })}
      </Carousel>
    </Box>
  );
}
